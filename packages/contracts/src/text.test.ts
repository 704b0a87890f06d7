import { describe, expect, it } from 'vitest';
import { importFileKind } from './exports.js';
import { MAX_TEXT_ISSUES, storableText, textMessages, unstorableText, unstorableTextIssues } from './text.js';

describe('text PostgreSQL can store', () => {
  it('tells NUL and unpaired surrogates apart from any other text (pairs, emoji, U+FFFD and controls are text)', () => {
    expect(unstorableText('a\u0000b')).toBe('nul');
    expect(unstorableText('a\ud800b')).toBe('surrogate');
    expect(unstorableText('\udc00')).toBe('surrogate');
    expect(unstorableText('😀\ud83d')).toBe('surrogate');
    for (const text of ['', 'plain', 'Δt = 5 s 😀', '\uFFFD', '\u0001\t\r\n', '\ud83d\ude00']) expect(unstorableText(text), JSON.stringify(text)).toBeUndefined();
    expect(storableText('a\u0000b\ud800😀')).toBe('a\uFFFDb\uFFFD😀');
    expect(storableText('kept')).toBe('kept');
  });

  it('locates every bad string and key in a nested value, with the file message for NUL where the caller gives one', () => {
    const value = { title: 'ok', parameters: { inp: 'x\u0000', 'k\u0000': 1, list: ['fine', '\ud800'] } };
    const issues = unstorableTextIssues(value, ['body'], (loc) => (loc.join('.') === 'body.parameters.inp' ? textMessages.binaryFile('an EPANET input file') : undefined));
    expect(issues).toEqual([
      { loc: ['body', 'parameters', 'inp'], msg: 'This field is invalid: not an EPANET input file (binary content: it contains NUL characters)', type: 'text_nul' },
      { loc: ['body', 'parameters', 'k\u0000'], msg: textMessages.nul, type: 'text_nul' },
      { loc: ['body', 'parameters', 'list', 1], msg: textMessages.surrogate, type: 'text_surrogate' },
    ]);
    expect(unstorableTextIssues([1, true, null, 'fine', { a: 2 }], ['query'])).toEqual([]);
  });

  it('walks a deeply nested value without recursion and lists at most MAX_TEXT_ISSUES problems', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableTextIssues(deep, ['body'])[0]!.loc).toHaveLength(100_001);
    expect(unstorableTextIssues(Array.from({ length: 100 }, () => '\u0000'), ['body'])).toHaveLength(MAX_TEXT_ISSUES);
  });

  it('names what an imported file must be by its name', () => {
    expect(importFileKind('Net1.INP')).toBe('an EPANET input file');
    expect(importFileKind('case.json')).toBe('a SimForge case file');
    expect(importFileKind(undefined)).toBe('a SimForge case file (.json) or an EPANET input file (.inp)');
  });
});
