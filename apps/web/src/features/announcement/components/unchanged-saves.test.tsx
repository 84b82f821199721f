import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnnouncementManageRecord } from '@portal/shared/announcement';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { AnnouncementFormDrawer } from './announcement-form-drawer.tsx';

/*
 * A draft announcement opened and saved without a change: what is sent is the draft as the server answered it.
 * The content is HTML as the server's sanitiser wrote it, which the editor draws in its own way (a list ending
 * the document, a link's attributes): an untouched content must go back as it came, not as the editor re-wrote it.
 */

const DRAFT: AnnouncementManageRecord = {
  id: 15,
  title: '倉庫春節休息 Warehouse closed for the New Year',
  content:
    '<p>The Shenzhen warehouse is closed from <strong>9 to 17 February</strong>.</p><p>See <a href="https://help.example.com/holidays" target="_blank" rel="noopener noreferrer nofollow">the holiday page</a>.</p><ul><li><p>Orders received by the 8th ship on time</p></li><li><p>Later ones ship from the 18th</p></li></ul>',
  priority: 'H',
  msgType: 'system',
  audience: 'USER',
  targetIds: [31, 47],
  // a draft (never published)
  sendStatus: '0',
  sendTime: null,
  startTime: '2027-02-01T01:00:00.000Z',
  endTime: '2027-02-18T15:59:59.000Z',
  revokedAt: null,
  createdAt: '2027-01-20T08:00:00.000Z',
  updatedAt: '2027-01-21T08:00:00.000Z',
  readCount: 0,
};

function server(call: FetchCall): unknown {
  const path = call.url.pathname;
  if (path.endsWith('/sys/announcement/targets')) {
    const names: Record<string, string> = { '31': 'Chen Da-wen', '47': 'Lin Mei' };
    const ids = call.url.searchParams.get('ids');
    return ids ? ids.split(',').map((id) => ({ value: Number(id), label: names[id] ?? id })) : [];
  }
  if (path.endsWith('/sys/announcement/edit')) return DRAFT;
  return new Response(null, { status: 404 });
}

describe('an announcement draft saved unchanged is sent as it is', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('announcement'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('title, kind, priority, audience and targets, the period as its instants, the content as stored', async () => {
    signIn(['system:announcement:edit']);
    const calls = stubFetch(server);
    const onClose = vi.fn();
    renderUi(<AnnouncementFormDrawer open record={DRAFT} platform={false} onClose={onClose} />);
    // the editor (Tiptap, ProseMirror) is a chunk of its own, imported at the first opening: on a loaded machine
    // that takes longer than the default wait
    await screen.findByTestId('rich-text-content', undefined, { timeout: 20_000 });
    await screen.findByTitle('Lin Mei');
    await userEvent.click(screen.getByTestId('announcement-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const saves = calls.filter((call) => call.method === 'PUT');
    expect(saves).toHaveLength(1);
    const body = saves[0]?.body as { startTime: string; endTime: string };
    expect([Date.parse(body.startTime), Date.parse(body.endTime)]).toEqual([Date.parse(DRAFT.startTime as string), Date.parse(DRAFT.endTime as string)]);
    expect(body).toEqual({
      id: 15,
      title: DRAFT.title,
      content: DRAFT.content,
      priority: 'H',
      msgType: 'system',
      audience: 'USER',
      targetIds: [31, 47],
      startTime: body.startTime,
      endTime: body.endTime,
    });
  });
});
