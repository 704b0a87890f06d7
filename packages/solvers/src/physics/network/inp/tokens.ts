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
  return tokenizeRange(text, 0, text.length, lineNumber);
}

const SPACE = 32;
const TAB = 9;
const CR = 13;
const LF = 10;
const QUOTE = 34;
const SEMICOLON = 59;

/**
 * The line text[start, end) (without its line break). Scans character codes in place instead of
 * slicing the line first: a large file has tens of thousands of lines and the parser reads each once
 * (a regular-expression split per line measured slower on the cold path). `semicolon`: where the
 * line's comment starts, -1 for none, or undefined to look for it here; `into`: a line object to
 * fill again instead of a new one per line.
 */
export function tokenizeRange(text: string, start: number, end: number, lineNumber: number, semicolon?: number, into?: InpLine): InpLine {
  let stop = end;
  let comment = '';
  if (semicolon === undefined) {
    for (let c = start; c < end; c++) {
      if (text.charCodeAt(c) === SEMICOLON) {
        semicolon = c;
        break;
      }
    }
  }
  if (semicolon !== undefined && semicolon >= 0) {
    stop = semicolon;
    comment = text.slice(semicolon + 1, end).trim();
  }
  // `into`: a line object (and its token array) to fill again, so that reading a large file does not
  // allocate an object and an array per line (fewer young-generation collections on the cold path).
  const tokens: string[] = into ? into.tokens : [];
  let count = 0;
  let i = start;
  while (i < stop) {
    const c = text.charCodeAt(i);
    if (c === SPACE || c === TAB || c === CR || c === LF) {
      i++;
      continue;
    }
    if (c === QUOTE) {
      const close = text.indexOf('"', i + 1);
      const to = close < 0 || close >= stop ? stop : close;
      tokens[count++] = text.slice(i + 1, to);
      i = to + 1;
      continue;
    }
    let j = i + 1;
    while (j < stop) {
      const d = text.charCodeAt(j);
      if (d === SPACE || d === TAB || d === CR || d === LF) break;
      j++;
    }
    tokens[count++] = text.slice(i, j);
    i = j;
  }
  if (tokens.length !== count) tokens.length = count;
  if (!into) return { line: lineNumber, tokens, comment };
  into.line = lineNumber;
  into.comment = comment;
  return into;
}

/** EPANET's match(): the token starts with the keyword (case-insensitive). */
export function matches(token: string | undefined, keyword: string): boolean {
  if (token === undefined) return false;
  // ASCII compared in place (no upper-cased copies); other text as the general rule says.
  const m = keyword.length;
  for (let i = 0; i < m && i < token.length; i++) {
    let c = token.charCodeAt(i);
    let k = keyword.charCodeAt(i);
    if (c >= 128 || k >= 128) return token.toUpperCase().startsWith(keyword.toUpperCase());
    if (c >= 97 && c <= 122) c -= 32;
    if (k >= 97 && k <= 122) k -= 32;
    if (c !== k) return false;
  }
  return token.length >= m;
}

/** A whole token read as a number (like C's strtod with nothing left over), or undefined. */
export function parseNumber(token: string | undefined): number | undefined {
  if (token === undefined) return undefined;
  const value = Number(token);
  // Number('') and Number('  ') are 0: a blank token is no number.
  if (value === 0 && token.trim() === '') return undefined;
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
