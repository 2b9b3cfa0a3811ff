/** Hands a Blob to the browser as a download (an anchor with `download`, clicked once). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled; revoking at once can cancel the download in Safari.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
