// A refused image: the HTTP status and a sentence that names the field (the route turns it into `{"detail": ...}`).

export class ImageRejected extends Error {
  constructor(
    readonly statusCode: 400 | 413 | 415 | 422,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'ImageRejected';
  }
}
