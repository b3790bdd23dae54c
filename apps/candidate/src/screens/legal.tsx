import { CANDIDATE_LEGAL_DOCUMENTS, CANDIDATE_LEGAL_TEXTS } from '@matchwerk/shared';
import type { ScreenProps } from '../app';

/** The candidate's privacy statement and terms in plain language (issue 46 item 9). */
export default function Legal(_props: ScreenProps) {
  return (
    <div className="legal">
      {CANDIDATE_LEGAL_DOCUMENTS.map((document) => {
        const text = CANDIDATE_LEGAL_TEXTS[document];
        return (
          <section key={document} aria-labelledby={`legal-${document}`}>
            <h2 id={`legal-${document}`}>{text.title}</h2>
            <p className="muted">Fassung vom {new Date(`${text.version}T12:00:00`).toLocaleDateString('de-DE')}</p>
            <p>
              <strong>{text.summary}</strong>
            </p>
            {text.sections.map((section) => (
              <section key={section.heading}>
                <h3>{section.heading}</h3>
                {section.paragraphs.map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </section>
            ))}
          </section>
        );
      })}
    </div>
  );
}
