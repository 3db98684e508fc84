import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parse as fullParse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';

/** The build's message compiler (web-kit/build/precompile-messages-loader.cjs) and the parser the browser gets instead of ICU's. */
const require = createRequire(import.meta.url);
const { rewriteSource } = require('../build/precompile-messages-loader.cjs') as { rewriteSource: (src: string, warn: (m: string) => void) => string };
const litePath = '../build/icu-lite-parser.js';
const { parse: liteParse } = (await import(/* @vite-ignore */ litePath)) as { parse: (m: string) => unknown };

describe('build-time message compilation', () => {
  it('rewrites defaultMessage literals, JSX attributes and t() helper texts to ASTs', () => {
    const warnings: string[] = [];
    const out = rewriteSource(
      [
        `<FormattedMessage id="a" defaultMessage="{n} downloads" values={v} />`,
        `intl.formatMessage({ id: 'b', defaultMessage: 'It\\'s {x}' });`,
        `t('c.d', 'Hello {name}', { name });`,
        `tr(intl, 'e', "{n, plural, one {# file} other {# files}}");`,
        `t('f', E.g);`,
      ].join('\n'),
      (m) => warnings.push(m),
    );
    expect(warnings).toEqual([]);
    expect(out).toContain(`defaultMessage={${JSON.stringify(fullParse('{n} downloads'))}}`);
    expect(out).toContain(`defaultMessage: ${JSON.stringify(fullParse("It's {x}"))}`);
    expect(out).toContain(`t('c.d', ${JSON.stringify(fullParse('Hello {name}'))}, { name })`);
    expect(out).toContain(JSON.stringify(fullParse('{n, plural, one {# file} other {# files}}')));
    expect(out).toContain(`t('f', E.g)`);
  });

  it('leaves a message it cannot parse alone and says so', () => {
    const warnings: string[] = [];
    expect(rewriteSource(`t('x', 'broken {')`, (m) => warnings.push(m))).toBe(`t('x', 'broken {')`);
    expect(warnings).toHaveLength(1);
  });
});

describe('the browser stand-in parser', () => {
  it.each(['Plain text', '{n} downloads', 'Page Not Found: {path}', "It''s '{literal}' {x}", 'a # b'])('parses %s like the ICU parser', (m) => {
    expect(liteParse(m)).toEqual(fullParse(m));
  });
  it('refuses what needs the full parser', () => {
    expect(() => liteParse('{n, plural, one {# a} other {# b}}')).toThrow();
    expect(() => liteParse('<b>bold</b>')).toThrow();
  });
  it('formats precompiled ASTs without a parser', () => {
    const ast = fullParse('{count, plural, one {# загрузка} few {# загрузки} many {# загрузок} other {# загрузки}}');
    expect(new IntlMessageFormat(ast, 'ru').format({ count: 41 })).toBe('41 загрузка');
  });
});
