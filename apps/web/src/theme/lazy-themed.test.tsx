import { useTheme } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { serveApi, sessionHandlers } from '../testing/api-server';
import { lazyThemed } from './lazy-themed';
import { PRIMARY_MAIN } from './palette';

function PrimaryColour({ label }: { label: string }) {
  return <p>{`${label}: ${useTheme().palette.primary.main}`}</p>;
}

describe('lazyThemed', () => {
  it('renders a lazily loaded MUI piece inside the app’s theme, with its props', async () => {
    serveApi(...sessionHandlers(null));
    const Themed = lazyThemed(() => Promise.resolve(PrimaryColour));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Suspense fallback={null}>
          <Themed label="Primärfarbe" />
        </Suspense>
      </QueryClientProvider>,
    );
    // MUI's own default primary is #1976d2: only the app's theme gives this one.
    expect(await screen.findByText(`Primärfarbe: ${PRIMARY_MAIN}`)).toBeTruthy();
  });
});
