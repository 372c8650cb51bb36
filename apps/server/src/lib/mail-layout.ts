import type { CSSProperties, ReactNode } from 'react';
import type { Mail } from './mailer';

/**
 * A part of a mail's body: a paragraph, a labelled value ("Reason: Duplicate"), or a link, which the
 * HTML part shows as a button and the text part as "Label URL".
 */
export type MailBlock = string | { label: string; value: string } | { label: string; href: string };

export interface MailContent {
  to: { email: string; fullName: string };
  subject: string;
  /** The reseller's brand (Company Name setting): the header and the footer of every mail. */
  brand: string;
  blocks: MailBlock[];
  /** Notification mails say why the recipient gets them and link the one-click unsubscribe. */
  unsubscribe?: { because: string; url: string };
  /** Extra headers, e.g. List-Id and List-Unsubscribe. */
  headers?: Record<string, string>;
}

const colors = { ink: '#1f2937', muted: '#6b7280', brand: '#1d4ed8', line: '#e5e7eb', page: '#f3f4f6' };
const styles = {
  body: { backgroundColor: colors.page, fontFamily: 'Arial, Helvetica, sans-serif', color: colors.ink, margin: 0 },
  container: { backgroundColor: '#ffffff', maxWidth: '560px', margin: '24px auto', padding: '24px 32px' },
  brand: { fontSize: '18px', fontWeight: 'bold', margin: '0 0 16px' },
  text: { fontSize: '15px', lineHeight: '1.5', margin: '0 0 12px' },
  pair: { fontSize: '15px', lineHeight: '1.5', margin: '0 0 4px' },
  button: {
    backgroundColor: colors.brand,
    color: '#ffffff',
    borderRadius: '6px',
    padding: '10px 16px',
    fontSize: '15px',
    textDecoration: 'none',
  },
  buttonRow: { margin: '20px 0' },
  hr: { borderColor: colors.line, margin: '24px 0 12px' },
  footer: { fontSize: '12px', lineHeight: '1.5', color: colors.muted, margin: '0 0 4px' },
} satisfies Record<string, CSSProperties>;

/**
 * React Email and React are loaded with the first mail, not at start-up: an idle server does not hold
 * them (about 15 MB). This module therefore imports them only dynamically, and builds the elements with
 * createElement instead of JSX, whose runtime import the server bundle would load at start-up.
 */
async function loadKit() {
  const [react, render, html, head, preview, body, container, section, text, button, hr, link] = await Promise.all([
    import('react'),
    import('@react-email/render'),
    import('@react-email/html'),
    import('@react-email/head'),
    import('@react-email/preview'),
    import('@react-email/body'),
    import('@react-email/container'),
    import('@react-email/section'),
    import('@react-email/text'),
    import('@react-email/button'),
    import('@react-email/hr'),
    import('@react-email/link'),
  ]);
  return {
    h: react.createElement,
    render: render.render,
    toPlainText: render.toPlainText,
    Html: html.Html,
    Head: head.Head,
    Preview: preview.Preview,
    Body: body.Body,
    Container: container.Container,
    Section: section.Section,
    Text: text.Text,
    Button: button.Button,
    Hr: hr.Hr,
    Link: link.Link,
  };
}
let kit: ReturnType<typeof loadKit> | undefined;

export const greetingOf = (to: { fullName: string }) => `Hello ${to.fullName.trim() || 'there'},`;

/**
 * The one layout of every mail the portal sends: the brand, a greeting, the body, and a footer with
 * the brand (and, for notifications, why it was sent and how to stop it). Both parts come from the same
 * React Email template: the HTML part escapes every value React renders, and the text part is the
 * library's plain-text conversion of that HTML.
 */
export async function composeMail(content: MailContent): Promise<Mail> {
  const { h, render, toPlainText, Html, Head, Preview, Body, Container, Section, Text, Button, Hr, Link } = await (kit ??=
    loadKit());
  const block = (b: MailBlock, key: number): ReactNode => {
    if (typeof b === 'string') return h(Text, { key, style: styles.text }, b);
    if ('href' in b) {
      return h(Section, { key, style: styles.buttonRow }, h(Button, { href: b.href, style: styles.button }, b.label));
    }
    return h(Text, { key, style: styles.pair }, h('strong', null, `${b.label}:`), ` ${b.value}`);
  };
  const firstParagraph = content.blocks.find((b): b is string => typeof b === 'string');
  const element = h(
    Html,
    { lang: 'en' },
    h(Head, null, h('title', null, content.subject)),
    firstParagraph ? h(Preview, null, firstParagraph) : null,
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Text, { style: styles.brand }, content.brand),
        h(Text, { style: styles.text }, greetingOf(content.to)),
        ...content.blocks.map(block),
        h(Hr, { style: styles.hr }),
        h(Text, { style: styles.footer }, content.brand),
        content.unsubscribe
          ? h(
              Text,
              { style: styles.footer },
              `You receive this email because ${content.unsubscribe.because}. `,
              h(Link, { href: content.unsubscribe.url, style: { color: colors.muted } }, 'Unsubscribe'),
            )
          : null,
      ),
    ),
  );
  const html = await render(element);
  return {
    to: content.to.email,
    subject: content.subject,
    text: toPlainText(html),
    html,
    ...(content.headers ? { headers: content.headers } : {}),
  };
}
