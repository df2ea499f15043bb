/** Saving a file the way the browser saves a download: from a link (a clip, a game), or from text the page made. */

/** Hands a link to the browser, which saves what it points to under `fileName`. */
export function saveLink(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
}

/** Saves text as a file (the studio's exported test paths). */
export function saveText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  saveLink(url, fileName);
  // The click has started the download; the object URL is no longer needed once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
