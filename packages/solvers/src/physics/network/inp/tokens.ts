// Lexical rules of EPANET input files: tokens separated by blanks (text in double quotes is one
// token), ';' starts a comment, keywords match case-insensitively by their leading letters, times are
// decimal hours, h:mm(:ss), or a value with units (SEC, MIN, HOURS, DAYS, AM, PM).

export interface InpLine {
  /** 1-based line number in the file. */
  line: number;
  tokens: string[];
  /** Text after ';' (EPANET keeps it as a description, e.g. a demand category). */
  comment: string;
}

export function tokenize(text: string, lineNumber: number): InpLine {
  let body = text;
  let comment = '';
  const semicolon = text.indexOf(';');
  if (semicolon >= 0) {
    body = text.slice(0, semicolon);
    comment = text.slice(semicolon + 1).trim();
  }
  const tokens: string[] = [];
  let i = 0;
  while (i < body.length) {
    const c = body[i]!;
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') {
      i++;
      continue;
    }
    if (c === '"') {
      const end = body.indexOf('"', i + 1);
      const stop = end < 0 ? body.length : end;
      tokens.push(body.slice(i + 1, stop));
      i = stop + 1;
      continue;
    }
    let j = i;
    while (j < body.length && !' \t\r\n'.includes(body[j]!)) j++;
    tokens.push(body.slice(i, j));
    i = j;
  }
  return { line: lineNumber, tokens, comment };
}

/** EPANET's match(): the token starts with the keyword (case-insensitive). */
export function matches(token: string | undefined, keyword: string): boolean {
  return token !== undefined && token.toUpperCase().startsWith(keyword.toUpperCase());
}

/** A whole token read as a number (like C's strtod with nothing left over), or undefined. */
export function parseNumber(token: string | undefined): number | undefined {
  if (token === undefined || token.trim() === '') return undefined;
  const value = Number(token);
  return Number.isFinite(value) ? value : undefined;
}

/** EPANET's hour(): a time token (and optional units token) in hours, or -1 if it is not a time. */
export function hours(time: string, units: string): number {
  const parts = time.split(':');
  if (parts.length > 3 || parts.some((part) => part === '')) return -1;
  const y = [0, 0, 0];
  for (let n = 0; n < parts.length; n++) {
    const value = parseNumber(parts[n]);
    if (value === undefined) return -1;
    y[n] = value;
  }
  if (parts.length === 1) {
    if (units.length === 0) return y[0]!;
    if (matches(units, 'SEC')) return y[0]! / 3600;
    if (matches(units, 'MIN')) return y[0]! / 60;
    if (matches(units, 'HOU')) return y[0]!;
    if (matches(units, 'DAY')) return y[0]! * 24;
  }
  let h = y[0]!;
  if (parts.length > 1) h = y[0]! + y[1]! / 60 + y[2]! / 3600;
  if (units.length === 0) return h;
  if (matches(units, 'AM')) {
    if (h >= 13) return -1;
    return h >= 12 ? h - 12 : h;
  }
  if (matches(units, 'PM')) {
    if (h >= 13) return -1;
    return h >= 12 ? h : h + 12;
  }
  return -1;
}

/** Seconds as EPANET's h:mm:ss (hours may exceed 24). */
export function formatClock(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
