/**
 * One icon per category and loader of the spec's lists (24x24, stroked with currentColor so they
 * follow the theme), served in the tag answers as Modrinth does: the browser gets them with the
 * tags, never in a JavaScript bundle.
 */
const svg = (title: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><title>${title}</title>${body}</svg>`;

const PATHS: Record<string, string> = {
  // mod categories
  adventure: '<circle cx="12" cy="12" r="9"/><path d="m15.5 8.5-2 5-5 2 2-5z"/>',
  cursed:
    '<path d="M12 3a7 7 0 0 0-4 12.7V19h8v-3.3A7 7 0 0 0 12 3z"/><circle cx="9.5" cy="10" r="1"/><circle cx="14.5" cy="10" r="1"/><path d="M10 19v2M14 19v2"/>',
  decoration: '<path d="M12 3v4M5 9h14l-2 11H7z"/><path d="M9 13h6"/>',
  economy: '<circle cx="12" cy="12" r="9"/><path d="M15 9.5c0-1.4-1.3-2-3-2s-3 .8-3 2 1.3 1.7 3 2 3 .8 3 2-1.3 2-3 2-3-.6-3-2M12 6v1.5M12 16.5V18"/>',
  equipment: '<path d="M12 3 5 6v5c0 4.5 3 8 7 10 4-2 7-5.5 7-10V6z"/>',
  food: '<path d="M12 7c-3-3-8-1-8 4 0 5 4 10 8 10s8-5 8-10c0-5-5-7-8-4z"/><path d="M12 7V3"/>',
  'game-mechanics':
    '<rect x="3" y="7" width="18" height="10" rx="3"/><path d="M7 12h4M9 10v4"/><circle cx="15.5" cy="11" r=".8"/><circle cx="17.5" cy="13" r=".8"/>',
  library: '<path d="M4 4h5v16H4zM10 4h4v16h-4zM15 5l4-1 2 15-4 1z"/>',
  magic: '<path d="m4 20 11-11M14 4l1 2 2 1-2 1-1 2-1-2-2-1 2-1zM19 11l.5 1 1 .5-1 .5-.5 1-.5-1-1-.5 1-.5z"/>',
  management: '<path d="M4 6h16M4 12h16M4 18h16"/><circle cx="8" cy="6" r="1.5"/><circle cx="16" cy="12" r="1.5"/><circle cx="10" cy="18" r="1.5"/>',
  minigame: '<rect x="4" y="4" width="16" height="16" rx="3"/><circle cx="9" cy="9" r="1"/><circle cx="15" cy="15" r="1"/><circle cx="12" cy="12" r="1"/>',
  mobs: '<rect x="5" y="5" width="14" height="14" rx="2"/><path d="M8 10h2M14 10h2M9 15h6"/>',
  optimization: '<path d="M13 3 5 14h6l-1 7 8-11h-6z"/>',
  social: '<circle cx="8" cy="9" r="3"/><circle cx="16" cy="9" r="3"/><path d="M3 20c0-3 2.5-5 5-5s5 2 5 5M11 20c0-3 2.5-5 5-5s5 2 5 5"/>',
  storage: '<rect x="3" y="6" width="18" height="14" rx="1"/><path d="M3 11h18M10 14h4M7 6V4h10v2"/>',
  technology: '<rect x="7" y="7" width="10" height="10" rx="1"/><path d="M10 3v4M14 3v4M10 17v4M14 17v4M3 10h4M3 14h4M17 10h4M17 14h4"/>',
  transportation: '<rect x="4" y="5" width="16" height="11" rx="2"/><path d="M4 11h16"/><circle cx="8" cy="19" r="1.5"/><circle cx="16" cy="19" r="1.5"/>',
  utility: '<path d="M14.5 6.5a4 4 0 0 0-5.2 5.2L4 17l3 3 5.3-5.3a4 4 0 0 0 5.2-5.2l-2.5 2.5-2.5-.5-.5-2.5z"/>',
  worldgen: '<path d="M3 19 9 9l4 6 3-4 5 8z"/><circle cx="17" cy="6" r="2"/>',
  // modpack categories
  challenging: '<path d="M4 20 12 4l8 16z"/><path d="M12 10v4M12 17v.5"/>',
  combat: '<path d="M14 4h6v6L9 21l-6-6zM5 13l6 6M15 9l-6 6"/>',
  'kitchen-sink': '<path d="M3 11h18v2a7 7 0 0 1-7 7h-4a7 7 0 0 1-7-7z"/><path d="M12 11V5a2 2 0 0 1 4 0"/>',
  lightweight: '<path d="M20 4C10 4 5 9 5 19c5 0 12-3 15-15zM5 19l8-8"/>',
  multiplayer:
    '<circle cx="12" cy="7" r="3"/><circle cx="5" cy="10" r="2"/><circle cx="19" cy="10" r="2"/><path d="M7 20c0-3 2-5 5-5s5 2 5 5M2 19c0-2 1.3-3.5 3-3.5M22 19c0-2-1.3-3.5-3-3.5"/>',
  quests: '<path d="M6 3h10l3 3v15H6z"/><path d="M9 9h7M9 13h7M9 17h4"/>',
  // loaders
  coreengine: '<circle cx="12" cy="12" r="3"/><path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1"/>',
  modshelf: '<path d="M4 5h16M4 12h16M4 19h16"/><path d="M7 5v14M17 5v14"/>',
  zotecore: '<rect x="3" y="4" width="18" height="7" rx="1"/><rect x="3" y="13" width="18" height="7" rx="1"/><path d="M7 7.5h.01M7 16.5h.01"/>',
  behaviorpack: '<path d="M12 3 4 7v10l8 4 8-4V7z"/><path d="m4 7 8 4 8-4M12 11v10"/>',
};

/** The icon of a category or loader (a plain square for a name the lists do not know). */
export function tagIcon(name: string): string {
  return svg(name, PATHS[name] ?? '<rect x="4" y="4" width="16" height="16" rx="2"/>');
}

export const KNOWN_ICONS = Object.keys(PATHS);
