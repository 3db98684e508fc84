/** settings, settings/{description,license,links,tags,gallery,members,versions,analytics}. */
import { NavLink, Route, Routes, useLocation } from 'react-router';
import { NotFound, useT } from '@modshelf/web-kit';
import { type ProjectData } from '../project-data';
import { StatusBadge } from './common';
import { GeneralTab } from './GeneralTab';
import { DescriptionTab } from './DescriptionTab';
import { LicenseTab } from './LicenseTab';
import { LinksTab } from './LinksTab';
import { TagsTab } from './TagsTab';
import { GalleryTab } from './GalleryTab';
import { VersionsTab } from './VersionsTab';
import { MembersTab } from './MembersTab';
import { AnalyticsTab } from './AnalyticsTab';

export function ProjectSettings({ data }: { data: ProjectData }) {
  const t = useT();
  const { base } = data;
  const location = useLocation();
  const tabs = [
    { to: `${base}/settings`, end: true, label: t('settings.general', 'General') },
    { to: `${base}/settings/description`, label: t('settings.description', 'Description') },
    { to: `${base}/settings/license`, label: t('settings.license', 'License') },
    { to: `${base}/settings/links`, label: t('settings.links', 'Links') },
    { to: `${base}/settings/tags`, label: t('settings.tags', 'Tags') },
    { to: `${base}/settings/gallery`, label: t('settings.gallery', 'Gallery') },
    { to: `${base}/settings/versions`, label: t('settings.versions', 'Versions') },
    { to: `${base}/settings/members`, label: t('settings.members', 'Members') },
    { to: `${base}/settings/analytics`, label: t('settings.analytics', 'Analytics') },
  ];
  return (
    <section className="pset" data-testid="project-settings">
      <header className="pset-head">
        <h2>{t('settings.title', 'Project settings')}</h2>
        <StatusBadge status={data.project.status} />
      </header>
      <nav className="pset-nav" aria-label={t('settings.sections', 'Settings sections')}>
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route index element={<GeneralTab data={data} />} />
        <Route path="description" element={<DescriptionTab data={data} />} />
        <Route path="license" element={<LicenseTab data={data} />} />
        <Route path="links" element={<LinksTab data={data} />} />
        <Route path="tags" element={<TagsTab data={data} />} />
        <Route path="gallery" element={<GalleryTab data={data} />} />
        <Route path="versions" element={<VersionsTab data={data} />} />
        <Route path="members" element={<MembersTab data={data} />} />
        <Route path="analytics" element={<AnalyticsTab data={data} />} />
        <Route path="*" element={<NotFound path={location.pathname} />} />
      </Routes>
    </section>
  );
}
