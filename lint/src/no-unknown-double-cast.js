/**
 * `x as unknown as T` (or `<T><unknown>x`) throws away the type checker's verdict. It is allowed only on a
 * line whose comment says it is an adapter boundary (for example `// adapter boundary: the driver's rows`),
 * where a foreign library's type cannot be narrowed any other way.
 */
const BOUNDARY = /adapter boundary/i;

function isUnknown(node) {
  return node?.type === 'TSUnknownKeyword';
}

function isCastToUnknown(node) {
  return (node.type === 'TSAsExpression' || node.type === 'TSTypeAssertion') && isUnknown(node.typeAnnotation);
}

/** @type {import('eslint').Rule.RuleModule} */
export const noUnknownDoubleCast = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow `as unknown as` except on a line commented as an adapter boundary' },
    schema: [],
    messages: {
      doubleCast: '`as unknown as` hides a type error: fix the types, or, at an adapter boundary, say so in a comment on this line ("adapter boundary: ...").',
    },
  },
  create(context) {
    const source = context.sourceCode;
    function commented(node) {
      const lines = new Set([node.loc.start.line, node.loc.end.line]);
      return source.getAllComments().some((c) => (lines.has(c.loc.start.line) || lines.has(c.loc.end.line)) && BOUNDARY.test(c.value));
    }
    function check(node) {
      if (!isCastToUnknown(node.expression) || isUnknown(node.typeAnnotation)) return;
      if (!commented(node)) context.report({ node, messageId: 'doubleCast' });
    }
    return { TSAsExpression: check, TSTypeAssertion: check };
  },
};

export default {
  meta: { name: 'modshelf' },
  rules: { 'no-unknown-double-cast': noUnknownDoubleCast },
};
