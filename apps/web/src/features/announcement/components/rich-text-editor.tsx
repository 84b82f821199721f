import { useEffect, useState, type ReactNode } from 'react';
import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, RedoOutlined, StrikethroughOutlined, UnderlineOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Divider, Flex, Input, Popover, Tooltip } from 'antd';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { pastedHtml } from './pasted-html.ts';
import styles from './rich-text-editor.module.css';

/** The addresses a link may have: the server keeps no other (apps/server/src/lib/rich-text.ts). */
const LINK_PROTOCOLS = ['http', 'https', 'mailto'];
const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/**
 * The one rich-text editor of the portal (DESIGN §6): Tiptap, with the marks, headings, lists, quotes and
 * links the server's allow-list keeps, so that what a writer sees is what readers get. Loaded only by the
 * pages that write rich text (a lazy chunk). `value` / `onChange` are HTML, for antd's Form; an empty
 * document is ''.
 */
export function RichTextEditor({ value, onChange, id, ariaLabel }: { value?: string; onChange?: (html: string) => void; id?: string; ariaLabel?: string }) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        link: { openOnClick: false, autolink: true, protocols: LINK_PROTOCOLS, defaultProtocol: 'https', isAllowedUri: (url) => SAFE_LINK.test(url), HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' } },
      }),
    ],
    content: value ?? '',
    // a paste is reduced to the allow-list before the editor parses it (pasted-html.ts)
    editorProps: { transformPastedHTML: pastedHtml, attributes: { class: styles.content ?? '', ...(id ? { id } : {}), ...(ariaLabel ? { 'aria-label': ariaLabel } : {}), 'aria-multiline': 'true', role: 'textbox', 'data-testid': 'rich-text-content' } },
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? '' : current.getHTML()),
  });

  // a value set from outside (the form opened on another announcement) replaces the document; an editor hidden
  // and shown again (a tab kept in <Activity>, a boundary that suspended) is destroyed and made anew with the value
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value ?? '') !== current) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className={styles.frame} data-testid="rich-text-editor">
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function ToolButton({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <Button type={active ? 'primary' : 'text'} ghost={active} size="small" aria-label={label} aria-pressed={active} disabled={disabled} onClick={onClick}>
        {children}
      </Button>
    </Tooltip>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('announcement');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Flex wrap align="center" gap={2} className={styles.toolbar} role="toolbar" aria-label={t('editor.toolbar')}>
      <ToolButton label={t('editor.bold')} active={state.bold} onClick={() => chain().toggleBold().run()}>
        <BoldOutlined />
      </ToolButton>
      <ToolButton label={t('editor.italic')} active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <ItalicOutlined />
      </ToolButton>
      <ToolButton label={t('editor.underline')} active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <UnderlineOutlined />
      </ToolButton>
      <ToolButton label={t('editor.strike')} active={state.strike} onClick={() => chain().toggleStrike().run()}>
        <StrikethroughOutlined />
      </ToolButton>
      <Divider orientation="vertical" />
      {([1, 2, 3] as const).map((level) => (
        <ToolButton key={level} label={t('editor.heading', { level })} active={state[`h${level}`]} onClick={() => chain().toggleHeading({ level }).run()}>
          <span style={{ fontWeight: 600, fontSize: 12 }}>H{level}</span>
        </ToolButton>
      ))}
      <Divider orientation="vertical" />
      <ToolButton label={t('editor.bulletList')} active={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
        <UnorderedListOutlined />
      </ToolButton>
      <ToolButton label={t('editor.orderedList')} active={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        <OrderedListOutlined />
      </ToolButton>
      <ToolButton label={t('editor.blockquote')} active={state.blockquote} onClick={() => chain().toggleBlockquote().run()}>
        <span style={{ fontWeight: 700, fontSize: 16, lineHeight: 1 }}>”</span>
      </ToolButton>
      <LinkButton editor={editor} active={state.link} />
      <Divider orientation="vertical" />
      <ToolButton label={t('editor.undo')} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <UndoOutlined />
      </ToolButton>
      <ToolButton label={t('editor.redo')} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <RedoOutlined />
      </ToolButton>
    </Flex>
  );
}

/** A link: its address asked for in a small popover (http, https or mailto only), or taken away. */
function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation('announcement');
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const valid = SAFE_LINK.test(href.trim());
  const apply = () => {
    if (!valid) return;
    editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
    setOpen(false);
  };
  const content = (
    <Flex vertical gap={8} style={{ width: 280 }}>
      <Input
        autoFocus
        value={href}
        placeholder="https://"
        aria-label={t('editor.linkPrompt')}
        status={href && !valid ? 'error' : undefined}
        onChange={(event) => setHref(event.target.value)}
        onPressEnter={apply}
        data-testid="rich-text-link-input"
      />
      {href && !valid && <span style={{ color: 'var(--ant-color-error)', fontSize: 12 }}>{t('editor.linkInvalid')}</span>}
      <Flex justify="end" gap={8}>
        {active && (
          <Button
            size="small"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              setOpen(false);
            }}
          >
            {t('editor.unlink')}
          </Button>
        )}
        <Button size="small" type="primary" disabled={!valid} onClick={apply}>
          {t('common.save')}
        </Button>
      </Flex>
    </Flex>
  );
  return (
    <Popover
      open={open}
      trigger="click"
      title={t('editor.linkPrompt')}
      content={content}
      onOpenChange={(next) => {
        if (next) setHref((editor.getAttributes('link').href as string | undefined) ?? '');
        setOpen(next);
      }}
    >
      <span>
        <ToolButton label={t('editor.link')} active={active} onClick={() => undefined}>
          <LinkOutlined />
        </ToolButton>
      </span>
    </Popover>
  );
}
