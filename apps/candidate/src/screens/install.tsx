import { useEffect, useState } from 'react';
import type { ScreenProps } from '../app';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
// Chromium offers the install once per page load: keep the event for when this screen opens.
window.addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  deferred = event as InstallPromptEvent;
});

function isIos(): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent);
}

function isInstalled(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches;
}

/** Installieren: the browser's install prompt, or the iPhone guide (push on iOS needs the installed app). */
export default function Install(_props: ScreenProps) {
  const [prompt, setPrompt] = useState(deferred);
  const [result, setResult] = useState<string | null>(null);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      deferred = event as InstallPromptEvent;
      setPrompt(deferred);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    return () => window.removeEventListener('beforeinstallprompt', onPrompt);
  }, []);

  if (isInstalled()) return <p>Matchwerk ist auf diesem Gerät installiert. 🎉</p>;

  const install = async () => {
    if (!prompt) return;
    await prompt.prompt();
    const choice = await prompt.userChoice;
    setResult(choice.outcome === 'accepted' ? 'Matchwerk wird installiert.' : 'Okay, vielleicht später.');
    deferred = null;
    setPrompt(null);
  };

  return (
    <div className="install">
      <p>
        Mit der App auf deinem Startbildschirm bist du schneller bei deinen Chats – und bekommst Bescheid, wenn eine
        Firma antwortet.
      </p>
      {prompt ? (
        <button type="button" className="button button-wide" onClick={() => void install()}>
          Matchwerk installieren
        </button>
      ) : null}
      {result ? <p role="status">{result}</p> : null}
      <section aria-labelledby="ios-heading" className="panel">
        <h2 id="ios-heading">{isIos() ? 'So geht es auf deinem iPhone' : 'So geht es auf dem iPhone'}</h2>
        <ol className="steps">
          <li>
            <span className="step-icon" aria-hidden="true">
              ⬆︎
            </span>
            Öffne Matchwerk in <strong>Safari</strong> und tippe unten auf <strong>Teilen</strong>.
          </li>
          <li>
            <span className="step-icon" aria-hidden="true">
              ＋
            </span>
            Wähle <strong>Zum Home-Bildschirm</strong>.
          </li>
          <li>
            <span className="step-icon" aria-hidden="true">
              ✓
            </span>
            Tippe auf <strong>Hinzufügen</strong>. Öffne Matchwerk dann über das neue Symbol.
          </li>
        </ol>
        <p className="muted">Nur so bekommst du auf dem iPhone Mitteilungen von Matchwerk.</p>
      </section>
      {!prompt && !isIos() ? (
        <p className="muted">
          Auf Android: Tippe im Browser-Menü (⋮) auf <strong>App installieren</strong> oder{' '}
          <strong>Zum Startbildschirm hinzufügen</strong>.
        </p>
      ) : null}
    </div>
  );
}
