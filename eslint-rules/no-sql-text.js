/**
 * no-sql-text: SQL text is never built from strings in the server (decision 0033).
 *
 * Values are bound (drizzle's sql`` tag), identifiers and keywords are fragments chosen from literals,
 * lists are sql.join of fragments. What this rule reports is every way a string reaches SQL as text:
 * - sql.raw(x) unless x is a string literal (or a conditional whose branches are, recursively);
 * - sql.identifier(x) unless x is a string literal;
 * - .execute(…), .query(…), .exec(…), .unsafe(…) given a template literal with expressions, a `+`
 *   concatenation or a `.join(…)`: text assembled at run time and handed to the database.
 */

/** A string written in the source: 'asc', or `asc` without expressions. */
const isLiteralText = (node) =>
  (node.type === 'Literal' && typeof node.value === 'string') || (node.type === 'TemplateLiteral' && node.expressions.length === 0);

/** A literal, or a choice between literals: `order === 'asc' ? 'asc' : 'desc'`. */
const isChosenLiteral = (node) =>
  isLiteralText(node) || (node.type === 'ConditionalExpression' && isChosenLiteral(node.consequent) && isChosenLiteral(node.alternate));

const propertyName = (member) => {
  if (member.computed) return member.property.type === 'Literal' ? String(member.property.value) : undefined;
  return member.property.type === 'Identifier' ? member.property.name : undefined;
};

/** `sql.raw` / `sql.identifier`: the object is the identifier `sql`. */
const sqlMethod = (callee) =>
  callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'sql' ? propertyName(callee) : undefined;

const RUNNERS = new Set(['execute', 'query', 'exec', 'unsafe']);

/** What makes a runner's first argument text built at run time, or undefined. */
function builtText(node) {
  if (node.type === 'TemplateLiteral' && node.expressions.length > 0) return 'a template literal with expressions';
  if (node.type === 'BinaryExpression' && node.operator === '+') return 'a `+` concatenation';
  if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && propertyName(node.callee) === 'join') return 'a `.join(…)`';
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noSqlText = {
  meta: {
    type: 'problem',
    docs: { description: 'forbid building SQL text from strings: bind values, choose fragments from literals (decision 0033)' },
    schema: [],
    messages: {
      raw: 'sql.raw() takes only a string literal (or a conditional between literals): bind the value with sql`${value}`, or choose an sql`` fragment.',
      identifier: 'sql.identifier() takes only a string literal: name the table or column with its drizzle object, or choose a fragment from literals.',
      runner: '.{{method}}() given {{what}}: SQL text built from strings. Use the sql`` tag with bound values and sql.join of fragments.',
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee;
        const [first] = node.arguments;
        const method = sqlMethod(callee);
        if (method === 'raw') {
          if (!first || !isChosenLiteral(first)) context.report({ node, messageId: 'raw' });
          return;
        }
        if (method === 'identifier') {
          if (!first || !isLiteralText(first)) context.report({ node, messageId: 'identifier' });
          return;
        }
        if (callee.type !== 'MemberExpression' || !first) return;
        const name = propertyName(callee);
        if (!name || !RUNNERS.has(name)) return;
        const what = builtText(first);
        if (what) context.report({ node: first, messageId: 'runner', data: { method: name, what } });
      },
    };
  },
};

/** The local plugin, as eslint.config.js loads it. */
export const portalPlugin = { meta: { name: 'portal' }, rules: { 'no-sql-text': noSqlText } };
