import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../helpers/answers.ts';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';

/*
 * What a writer types never runs in a reader's browser (DESIGN §6): the public XSS payloads, stored through
 * the API and served to a reader, come back without a script, an event handler, a style or a dangerous
 * address; the formatting the editor makes comes back as written.
 */

const PAYLOADS: [string, string][] = [
  ['script', '<p>a</p><script>alert(1)</script>'],
  ['script in upper case', '<SCRIPT SRC=https://evil.example/x.js></SCRIPT><p>a</p>'],
  ['img onerror', '<img src=x onerror=alert(1)><p>a</p>'],
  ['javascript: link', '<p><a href="javascript:alert(1)">a</a></p>'],
  ['javascript: link with entities', '<p><a href="jav&#x09;ascript:alert(1)">a</a></p>'],
  ['javascript: link, mixed case and colon entity', '<p><a href="JaVaScRiPt&colon;alert(1)">a</a></p>'],
  ['svg onload', '<svg onload=alert(1)><circle r=1 /></svg><p>a</p>'],
  ['style expression', '<p style="width: expression(alert(1)); background: url(javascript:alert(1))">a</p>'],
  ['style element', '<style>body{background:url("javascript:alert(1)")}</style><p>a</p>'],
  ['data: link', '<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a</a></p>'],
  ['iframe', '<iframe src="https://evil.example"></iframe><p>a</p>'],
  ['iframe srcdoc', '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe><p>a</p>'],
  ['object', '<object data="javascript:alert(1)"></object><p>a</p>'],
  ['form action', '<form action="javascript:alert(1)"><button>a</button></form>'],
  ['onmouseover on an allowed tag', '<p onmouseover="alert(1)">a</p>'],
  ['math xlink', '<math><maction xlink:href="javascript:alert(1)">a</maction></math><p>a</p>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>a</p>'],
  ['base href', '<base href="javascript:alert(1)//"><p>a</p>'],
  ['protocol-relative link', '<p><a href="//evil.example">a</a></p>'],
  ['broken markup', '<p><a href="https://ok.example" onclick="alert(1)"<b>a</p>'],
  ['noscript mutation', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript><p>a</p>'],
  ['template', '<template><img src=x onerror=alert(1)></template><p>a</p>'],
];

/** Whatever could run or load something in a reader's browser. */
const DANGEROUS = /<script|<style|<iframe|<object|<embed|<svg|<math|<img|<form|<meta|<base|<template|\son\w+\s*=|javascript:|data:|style=|vbscript:|href="\/\//i;

describe(`rich text is sanitised on the server (${testDbKind()})`, () => {
  let t: TestApp;
  let merchant: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp();
    [merchant, staff] = await Promise.all([t.login('merchant'), t.login('staff')]);
  });
  afterAll(() => t.close());

  const publish = async (title: string, content: string) => {
    const created = ok<{ id: number; content: string }>(await t.call({ method: 'POST', url: '/api/sys/announcement/add', token: merchant, payload: { title, content, priority: 'M', msgType: 'notice', audience: 'ALL' } }));
    ok(await t.call({ method: 'POST', url: '/api/sys/announcement/publish', token: merchant, payload: { id: created.id } }));
    return created;
  };
  const served = async (title: string) => {
    const page = ok<{ records: { title: string; content: string }[] }>(await t.call({ method: 'GET', url: '/api/sys/announcement/listByUser', token: staff, query: { title } }));
    return page.records[0]?.content ?? '';
  };

  it.each(PAYLOADS)('%s is stored and served harmless', async (name, payload) => {
    const title = `xss ${name}`;
    const stored = await publish(title, payload);
    expect(stored.content).not.toMatch(DANGEROUS);
    const content = await served(title);
    expect(content).toBe(stored.content);
    expect(content).not.toMatch(DANGEROUS);
  });

  it("keeps the editor's formatting, and gives links rel=noopener noreferrer", async () => {
    const html = '<h2>Hours</h2><p><strong>Bold</strong>, <em>italic</em>, <u>underlined</u>, <s>struck</s>, <code>code</code></p><ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol><blockquote><p>quote</p></blockquote><hr><p><a target="_blank" rel="nofollow" href="https://example.com/a?b=1&amp;c=2">link</a> <a href="mailto:ops@example.com">mail</a></p>';
    const stored = await publish('formatting kept', html);
    expect(stored.content).toBe(
      '<h2>Hours</h2><p><strong>Bold</strong>, <em>italic</em>, <u>underlined</u>, <s>struck</s>, <code>code</code></p><ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol><blockquote><p>quote</p></blockquote><hr /><p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">link</a> <a href="mailto:ops@example.com" rel="noopener noreferrer">mail</a></p>',
    );
  });

  it('keeps a title as plain text, markup and all (the screens show it as text)', async () => {
    await publish('<img src=x onerror=alert(1)>', '<p>a</p>');
    const page = ok<{ records: { title: string }[] }>(await t.call({ method: 'GET', url: '/api/sys/announcement/listByUser', token: staff, query: { title: '<img' } }));
    expect(page.records[0]?.title).toBe('<img src=x onerror=alert(1)>');
  });
});
