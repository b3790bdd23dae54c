// The runtime is named here because tsx applies a tsconfig only to the files it includes, and
// the server is also started from the repository root (e2e, backup check, deploy recipe).
// @jsxRuntime automatic
// @jsxImportSource react
/**
 * The one layout and the building blocks of every Matchwerk mail (ADR 0050). React escapes every
 * value it renders; no component here injects raw HTML. Parts marked data-skip-in-text (the
 * Matchwerk header, the title) are the visual frame of the HTML part and stay out of the text part,
 * whose first line is the greeting.
 */
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import { greetingLine } from './mail-line';

// The web app's palette; every text colour has at least 4.5:1 contrast on its background.
const COLORS = {
  text: '#1c2430',
  muted: '#4a5568',
  primary: '#0062CC',
  page: '#f4f6f8',
  card: '#ffffff',
  border: '#d9dee5',
};
const FONT = 'Arial, Helvetica, sans-serif';

const styles = {
  body: { backgroundColor: COLORS.page, color: COLORS.text, fontFamily: FONT, margin: 0, padding: '24px 0' },
  container: {
    backgroundColor: COLORS.card,
    border: `1px solid ${COLORS.border}`,
    borderRadius: '8px',
    maxWidth: '600px',
    padding: '0 32px 24px',
  },
  header: { borderBottom: `3px solid ${COLORS.primary}`, marginBottom: '8px' },
  brand: {
    color: COLORS.primary,
    fontSize: '22px',
    fontWeight: 700,
    letterSpacing: '0.5px',
    lineHeight: '28px',
    margin: '20px 0 12px',
  },
  title: { color: COLORS.text, fontSize: '20px', lineHeight: '28px', margin: '16px 0 8px' },
  heading: { color: COLORS.text, fontSize: '16px', lineHeight: '24px', margin: '20px 0 4px' },
  paragraph: { color: COLORS.text, fontSize: '15px', lineHeight: '24px', margin: '12px 0' },
  list: { color: COLORS.text, fontSize: '15px', lineHeight: '24px', margin: '4px 0 12px', paddingLeft: '20px' },
  link: { color: COLORS.primary, textDecoration: 'underline' },
  button: {
    backgroundColor: COLORS.primary,
    borderRadius: '6px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '15px',
    fontWeight: 700,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  footer: { color: COLORS.muted, fontSize: '13px', lineHeight: '20px', margin: '8px 0' },
  hr: { borderColor: COLORS.border, margin: '24px 0 8px' },
  quote: {
    borderLeft: `3px solid ${COLORS.border}`,
    color: COLORS.text,
    fontSize: '15px',
    lineHeight: '24px',
    margin: '4px 0 12px',
    padding: '0 0 0 12px',
  },
} satisfies Record<string, CSSProperties>;

export interface MailLayoutProps {
  /** Shown as the page title and as the heading of the HTML part (usually the subject). */
  title: string;
  /** Small print under the mail, e.g. why it came and how to unsubscribe. */
  footer?: ReactNode;
  children: ReactNode;
}

export function MailLayout({ title, footer, children }: MailLayoutProps) {
  return (
    <Html lang="de" dir="ltr">
      <Head>
        <title>{title}</title>
        <meta name="color-scheme" content="light" />
      </Head>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header} data-skip-in-text="true">
            <Text style={styles.brand}>Matchwerk</Text>
          </Section>
          <Heading as="h1" style={styles.title} data-skip-in-text="true">
            {title}
          </Heading>
          {children}
          {footer ? (
            <>
              <Hr style={styles.hr} />
              {footer}
            </>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

export function MailParagraph({ children }: { children: ReactNode }) {
  return <Text style={styles.paragraph}>{children}</Text>;
}

export function MailFootnote({ children }: { children: ReactNode }) {
  return <Text style={styles.footer}>{children}</Text>;
}

/** "Guten Tag Max Muster," — the name as one line (see greetingLine). */
export function MailGreeting({ name }: { name: string }) {
  return <MailParagraph>{greetingLine(name)}</MailParagraph>;
}

export function MailHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={styles.heading}>
      {children}
    </Heading>
  );
}

/** An inline link; in the text part "label: URL". */
export function MailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children}
    </Link>
  );
}

/** The main action of a mail; in the text part "label: URL". */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '20px 0' }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

export interface MailListItem {
  /** Stable key (an id or the item's own text). */
  key: string;
  content: ReactNode;
}

export function MailList({ items }: { items: MailListItem[] }) {
  return (
    <ul style={styles.list}>
      {items.map((item) => (
        <li key={item.key}>{item.content}</li>
      ))}
    </ul>
  );
}

/** Text a person wrote, line breaks kept; in the text part every line is quoted with "> ". */
export function MailQuote({ text }: { text: string }) {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return (
    <blockquote style={styles.quote}>
      {lines.map((line, index) => (
        // The lines of one message never reorder: their position is their identity.
        <span key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </blockquote>
  );
}

/** Support address and sign-off: the end of every mail to a user. */
export function MailClosing({ supportEmail }: { supportEmail: string }) {
  return (
    <>
      <MailParagraph>
        Bei Fragen erreichen Sie uns unter <MailLink href={`mailto:${supportEmail}`}>{supportEmail}</MailLink>.
      </MailParagraph>
      <MailParagraph>Ihr Matchwerk-Team</MailParagraph>
    </>
  );
}
