import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useT } from './common';

/** The dashboard's frame: its side navigation and the page. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const links = [
    { to: '/dashboard', end: true, label: t('nav.overview', 'Overview') },
    { to: '/dashboard/notifications', label: t('nav.notifications', 'Notifications') },
    { to: '/dashboard/reports', label: t('nav.reports', 'Active reports') },
    { to: '/dashboard/analytics', label: t('nav.analytics', 'Analytics') },
    { to: '/dashboard/projects', label: t('nav.projects', 'Projects') },
    { to: '/dashboard/organizations', label: t('nav.organizations', 'Organizations') },
    { to: '/dashboard/collections', label: t('nav.collections', 'Collections') },
    { to: '/dashboard/revenue', label: t('nav.revenue', 'Revenue') },
  ];
  return (
    <div className="dash-layout">
      <nav className="dash-nav ms-card" aria-label={t('nav.title', 'Dashboard')}>
        <h2>{t('nav.title', 'Dashboard')}</h2>
        {links.map((l) => (
          <NavLink key={l.to} to={l.to} end={l.end}>
            {l.label}
          </NavLink>
        ))}
      </nav>
      <div className="dash-page">{children}</div>
    </div>
  );
}
