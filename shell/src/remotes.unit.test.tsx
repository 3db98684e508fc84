import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn(async (_id: string) => ({ default: () => <p>catalogue page</p> })),
  registerRemotes: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const { RemoteArea, startLoadingArea } = await import('./remotes');

const manifest = {
  buildId: 'b',
  remotes: [{ name: 'catalogue', entry: '/remotes/catalogue/remoteEntry.js', version: '1', expose: './routes', routes: ['/', '/mods'] }],
};

function render(path: string) {
  return renderToStaticMarkup(
    <IntlProvider locale="en-US" messages={{}} defaultLocale="en-US">
      <MemoryRouter initialEntries={[path]}>
        <RemoteArea area="catalogue" manifest={manifest} />
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('loading the part of the first page', () => {
  it('starts before the first render, once, and the area renders the part at once when it has arrived', async () => {
    expect(render('/mods')).toContain('shell-area-loading');
    startLoadingArea(manifest, '/mods');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(runtime.loadRemote).toHaveBeenCalledWith('catalogue/routes');
    await vi.waitFor(() => expect(render('/mods')).toContain('<p>catalogue page</p>'));
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  });

  it('starts nothing for a path no part renders', () => {
    startLoadingArea(manifest, '/legal');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  });
});
