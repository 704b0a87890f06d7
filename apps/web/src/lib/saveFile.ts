// Saving what the page holds as a file: a temporary object URL behind a link that is clicked once.

/** Saves a blob under the given file name; the object URL is released a moment later. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves text as a file of the given media type (CSV of series and fields, logs, .inp files). */
export function saveText(text: string, filename: string, type: string): void {
  saveBlob(new Blob([text], { type }), filename);
}
