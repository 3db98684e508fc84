/**
 * Stands in for @formatjs/icu-messageformat-parser in the browser bundles (build.mjs aliases it).
 * Messages are compiled to ASTs at build time (precompile-messages-loader.cjs: message bundles,
 * `defaultMessage`s and `t('id', 'English text')` calls), so the full ICU parser (about 9 KiB gzip)
 * is not shipped. As a safety net this parser still handles the simple messages a build might miss:
 * plain text and `{name}` arguments, with ICU apostrophe quoting. Anything else (plural, select,
 * number/date styles, tags) throws, and react-intl then shows the message verbatim.
 */
export * from '@formatjs/icu-messageformat-parser/lib/types.js';
export { isStructurallySame } from '@formatjs/icu-messageformat-parser/lib/manipulator.js';

export var _Parser = undefined;

export function parse(message) {
  var out = [];
  var text = '';
  var i = 0;
  var n = message.length;
  while (i < n) {
    var c = message[i];
    if (c === "'") {
      if (message[i + 1] === "'") {
        text += "'";
        i += 2;
        continue;
      }
      var next = message[i + 1];
      if (next === '{' || next === '}' || next === '<' || next === '>' || next === '#') {
        var end = message.indexOf("'", i + 1);
        while (end !== -1 && message[end + 1] === "'") end = message.indexOf("'", end + 2);
        var quoted = end === -1 ? message.slice(i + 1) : message.slice(i + 1, end);
        text += quoted.replace(/''/g, "'");
        i = end === -1 ? n : end + 1;
        continue;
      }
      text += c;
      i++;
      continue;
    }
    if (c === '{') {
      var close = message.indexOf('}', i);
      var name = close === -1 ? '' : message.slice(i + 1, close).trim();
      if (!/^[^\s{}',#<>]+$/.test(name)) throw new Error('This message needs the full ICU parser (compile it at build time): ' + message);
      if (text) out.push({ type: 0, value: text });
      text = '';
      out.push({ type: 1, value: name });
      i = close + 1;
      continue;
    }
    if (c === '}' || (c === '<' && /^<\/?[a-zA-Z]/.test(message.slice(i, i + 3)))) {
      throw new Error('This message needs the full ICU parser (compile it at build time): ' + message);
    }
    text += c;
    i++;
  }
  if (text) out.push({ type: 0, value: text });
  return out;
}
