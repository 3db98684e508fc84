/**
 * rspack loader: compiles ICU messages to ASTs at build time, so the browser needs no ICU parser
 * (see icu-lite-parser.js). It rewrites
 *  - message bundles (`messages/*.json`): every value;
 *  - in TypeScript sources, string literals given as `defaultMessage: '...'`, `defaultMessage="..."`
 *    and as the English text of the `t('id', '...')` / `tr(intl, 'id', '...')` helpers.
 * A literal that fails to parse is left alone (react-intl then shows it verbatim and logs).
 */
const vm = require('node:vm');
const { parse } = require('@formatjs/icu-messageformat-parser');

function compile(message) {
  return JSON.stringify(parse(message));
}

/** The value of a JS string literal matched by STR (quoted strings via JSON; template literals have no `${`). */
function literalValue(lit) {
  if (lit[0] === '"') return JSON.parse(lit);
  const body = lit
    .slice(1, -1)
    .replace(/\\(['`])/g, '$1')
    .replace(/(^|[^\\])((?:\\\\)*)"/g, '$1$2\\"');
  try {
    return JSON.parse(`"${body}"`);
  } catch {
    return vm.runInNewContext(lit, {}, { timeout: 5000 });
  }
}

const STR = String.raw`'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\`(?:[^\`\\$]|\\.)*\``;
const PROP = new RegExp(String.raw`(\bdefaultMessage\s*:\s*)(${STR})`, 'g');
const ATTR = /(\bdefaultMessage=)("[^"\n]*"|'[^'\n]*')/g;
const HELPER = new RegExp(String.raw`(\b(?:t\(|tr\(\s*intl\s*,)\s*'[a-zA-Z][\w.]*'\s*,\s*)(${STR})`, 'g');

function rewriteSource(src, warn) {
  const js = (whole, head, lit) => {
    try {
      return head + compile(literalValue(lit));
    } catch (e) {
      warn(`${lit.slice(0, 60)}: ${e.message}`);
      return whole;
    }
  };
  let out = src.replace(PROP, js).replace(HELPER, js);
  out = out.replace(ATTR, (whole, head, lit) => {
    try {
      return `${head}{${compile(lit.slice(1, -1))}}`;
    } catch (e) {
      warn(`${lit.slice(0, 60)}: ${e.message}`);
      return whole;
    }
  });
  return out;
}

module.exports = function precompileMessages(source) {
  const warn = (m) => this.emitWarning(new Error(`message not precompiled (${this.resourcePath}): ${m}`));
  if (/\.json$/.test(this.resourcePath)) {
    const bundle = JSON.parse(source);
    const out = {};
    for (const [id, message] of Object.entries(bundle)) {
      try {
        out[id] = typeof message === 'string' ? parse(message) : message;
      } catch (e) {
        warn(`${id}: ${e.message}`);
        out[id] = message;
      }
    }
    return JSON.stringify(out);
  }
  return rewriteSource(source, warn);
};
module.exports.rewriteSource = rewriteSource;
