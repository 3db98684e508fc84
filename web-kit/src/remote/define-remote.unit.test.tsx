import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { defineRemote, type UserState } from './define-remote';
import { Guard } from './Guard';
import { messagesLoader } from './messages';

const noBundles = messagesLoader(() => Promise.reject(new Error('no bundle in this test')));

function render(node: ReactNode, path: string, locale = 'en-US') {
  return renderToStaticMarkup(
    <IntlProvider locale={locale} messages={{}} defaultLocale="en-US">
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </IntlProvider>,
  );
}

let user: UserState = { data: undefined };
const Remote = defineRemote({
  name: 'sample',
  className: 'smp',
  version: '1.2.3',
  css: '.smp{}',
  messages: noBundles,
  routes: [
    { path: '/sample', element: <p>open page</p> },
    { path: '/sample/staff', element: <p>staff page</p>, need: 'staff' },
  ],
  auth: { useUser: () => user, Forbidden: ({ need }) => <p>forbidden: {String(need)}</p> },
  Layout: ({ children }) => <main className="frame">{children}</main>,
});

describe('defineRemote', () => {
  it('renders the route table inside the remote root, with its name and version', () => {
    const html = render(<Remote />, '/sample');
    expect(html).toContain('<div class="smp" data-remote="sample" data-version="1.2.3"><main class="frame"><p>open page</p></main></div>');
  });
  it('answers any other path with the 404 page', () => {
    const html = render(<Remote />, '/sample/nothing-here');
    expect(html).toContain('data-status="404"');
    expect(html).toContain('/sample/nothing-here');
  });
  it("checks a route's need with the remote's user", () => {
    user = { data: undefined };
    expect(render(<Remote />, '/sample/staff')).toContain('<div class="smp-loading" aria-busy="true"></div>');
    user = { data: { id: 'a', role: 'developer' } };
    expect(render(<Remote />, '/sample/staff')).toContain('<p>forbidden: staff</p>');
    user = { data: { id: 'm', role: 'moderator' } };
    expect(render(<Remote />, '/sample/staff')).toContain('<p>staff page</p>');
  });
  it('refuses a route that needs a user in a remote that cannot tell who is signed in', () => {
    const def = { name: 'open', className: 'o', version: '1', css: '', messages: noBundles };
    expect(() => defineRemote({ ...def, routes: [{ path: '/o', element: <p />, need: 'admin' }] })).toThrow('/o need a user');
    expect(defineRemote({ ...def, routes: [{ path: '/o', element: <p /> }] })).toBeTypeOf('function');
  });
  it('waits for its own bundle before the first paint in another language', () => {
    expect(render(<Remote />, '/sample', 'ru')).toBe('<div class="smp-loading" aria-busy="true"></div>');
  });
});

describe('Guard', () => {
  const props = { loading: <p>loading</p>, forbidden: <p>no</p> };
  it('renders the page, the loading state, the forbidden answer, or the error screen', () => {
    expect(
      render(
        <Guard need="admin" user={{ id: 'r', role: 'admin' }} {...props}>
          {(u) => <p>hello {u.id}</p>}
        </Guard>,
        '/x',
      ),
    ).toBe('<p>hello r</p>');
    expect(
      render(
        <Guard need="admin" user={undefined} {...props}>
          page
        </Guard>,
        '/x',
      ),
    ).toBe('<p>loading</p>');
    expect(
      render(
        <Guard need="admin" user={{ id: 'm', role: 'moderator' }} {...props}>
          page
        </Guard>,
        '/x',
      ),
    ).toBe('<p>no</p>');
    const failed = render(
      <Guard need="user" user={undefined} error={new Error('network down')} {...props}>
        page
      </Guard>,
      '/x',
    );
    expect(failed).toContain('network down');
    expect(failed).toContain('role="alert"');
  });
  it('sends an anonymous visitor to sign in (and not to the page)', () => {
    let signIns = 0;
    const html = render(
      <Guard need="user" user={null} onSignIn={() => signIns++} {...props}>
        page
      </Guard>,
      '/x?y=1',
    );
    expect(html).toBe('');
    expect(signIns).toBe(1);
  });
});
