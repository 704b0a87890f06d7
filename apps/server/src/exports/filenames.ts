// Download names: `<title>-run-<n>-<what>.<ext>`, ASCII for every browser, with the exact UTF-8
// title in `filename*` (RFC 6266).

export function slug(text: string): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return ascii || 'simulation';
}

export function downloadName(parts: { title: string; runNumber?: number | null; what?: string; extension: string }): string {
  return [slug(parts.title), parts.runNumber ? `run-${parts.runNumber}` : null, parts.what ? slug(parts.what) : null].filter(Boolean).join('-') + `.${parts.extension}`;
}

export function contentDisposition(filename: string): string {
  return `attachment; filename="${filename.replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
