/** Leaving the app for another address (the identity provider). An object so tests can replace it. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
