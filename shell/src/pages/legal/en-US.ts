import type { LegalTexts } from './types';

const UPDATED = '2026-11-24';

export const TEXTS: LegalTexts = {
  terms: {
    title: 'Terms of use',
    updated: UPDATED,
    sections: [
      {
        heading: 'Who we are',
        paragraphs: [
          'Modshelf is a community catalogue where players find add-ons (mods, modpacks, servers and behaviour packs) for a mobile block-building game, and where authors publish them. By using the site or its API you agree to these terms. If you do not agree, please do not use Modshelf.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'You need an account to publish, follow projects or file reports. Keep your password and tokens secret; you are responsible for what happens with them. You must be old enough to consent to these terms where you live (at least 13 years old, or older where the law requires). One person may hold one account; accounts made to dodge a ban are closed.',
        ],
      },
      {
        heading: 'What you publish',
        paragraphs: [
          'You keep the rights to what you upload. You give Modshelf a worldwide, non-exclusive, royalty-free licence to host, copy, resize and show your content and files so the site can work: serving downloads, generating previews and search entries. The licence ends when you delete the content, except for copies that other people already downloaded and backups kept for a limited time.',
          'Everything you publish must follow the content rules. You declare a licence for each project; other people may use your work only as that licence allows.',
        ],
      },
      {
        heading: 'Using the site and the API',
        paragraphs: [
          'Do not attack, overload or scrape the site beyond the published rate limits, do not try to reach other people\u2019s accounts, and do not use the API to build a copy of the catalogue that hides where the projects come from. Automated clients must send a descriptive User-Agent.',
        ],
      },
      {
        heading: 'Revenue and payouts',
        paragraphs: [
          'Authors of monetized projects earn revenue from downloads as shown in their dashboard. Revenue becomes available after a holding period and can be withdrawn through the offered payout methods, minus their fees. Revenue obtained by fake downloads or other abuse is withheld.',
        ],
      },
      {
        heading: 'Moderation and termination',
        paragraphs: [
          'Staff review projects before they are listed and may reject, withhold or remove content that breaks these terms or the content rules. We may suspend accounts that repeatedly break them. You may delete your account at any time from the account settings.',
        ],
      },
      {
        heading: 'No warranty',
        paragraphs: [
          'Add-ons are made by the community, not by Modshelf. Install them at your own risk and keep backups of your worlds. The site is provided "as is", without warranties, and to the extent the law allows we are not liable for lost data or damage caused by add-ons.',
        ],
      },
      {
        heading: 'Changes',
        paragraphs: [
          'We may update these terms. Important changes are announced on the site before they take effect; continuing to use Modshelf after that means you accept the new terms.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy policy',
    updated: UPDATED,
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'Account data: your username, e-mail address, password hash, optional bio and profile picture, two-factor settings. Activity: the projects you publish, follow, collect and report; your sessions (time, operating system and platform); download counts per project, with visitors de-duplicated so one person counts once.',
          'Payments: if you subscribe or withdraw revenue, the payment provider handles card and account details; we keep the brand, last digits and expiry of a card and where a payout went.',
        ],
      },
      {
        heading: 'How we keep it',
        paragraphs: [
          'Modshelf records changes as an event log. Personal data (e-mail addresses, password hashes, token hashes, two-factor secrets and payment details) is not written into that log: it lives in a separate store, so it can really be erased.',
        ],
      },
      {
        heading: 'What we use it for',
        paragraphs: [
          'To run your account and sign you in, to send mail you asked for (verification, password reset, notifications), to show download and follower statistics, to pay out revenue, to fight spam and abuse, and to keep the site secure. We do not sell personal data and we do not show third-party advertising.',
        ],
      },
      {
        heading: 'Cookies',
        paragraphs: [
          'We use cookies for the session, your language, your colour theme and your display preferences. They are not used for tracking across sites.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You can see and change your profile in the settings, download what you published through the API, and delete your account at any time: deleting it erases your e-mail address, password, tokens and payment details, and removes your profile. Projects you published are removed with it unless other team members keep them.',
          'For any other request about your data, contact the staff through the community link in the footer.',
        ],
      },
    ],
  },
  rules: {
    title: 'Content rules',
    updated: UPDATED,
    sections: [
      {
        heading: 'Be honest',
        paragraphs: [
          'Describe what your project does. The title, summary, icon, gallery and tags must match its content. Say clearly if a project needs other add-ons, an account elsewhere, or collects data.',
        ],
      },
      {
        heading: 'Only your own work',
        paragraphs: [
          'Upload only work you made or have permission to share, and respect the licences of what you include. Re-uploads of other people\u2019s projects without permission are removed (see the copyright policy).',
        ],
      },
      {
        heading: 'No harmful files',
        paragraphs: [
          'Files must not contain malware, miners, hidden downloads, or code that damages devices, worlds or accounts. Obfuscation that hides what a file does is not allowed.',
        ],
      },
      {
        heading: 'No spam or name-squatting',
        paragraphs: ['Do not publish empty placeholders, duplicates, advertising, or projects made only to hold a name or slug.'],
      },
      {
        heading: 'Keep it appropriate',
        paragraphs: [
          'Many players are young. No sexual content, hate, harassment, real-world violence, or content that breaks the law. Servers listed here must follow the same rules.',
        ],
      },
      {
        heading: 'Reporting',
        paragraphs: [
          'Use "Report" on a project, version or user page to tell the staff about content that breaks these rules. Reports are read by the moderation team; false reports made to harass others are themselves against the rules.',
        ],
      },
    ],
  },
  copyright: {
    title: 'Copyright policy (DMCA)',
    updated: UPDATED,
    sections: [
      {
        heading: 'Reporting an infringement',
        paragraphs: [
          'If you believe content on Modshelf infringes your copyright, file a report with the reason "copyright" on the project, or contact the staff through the community link. Include: your name and contact details; the work you own; the address of the infringing project or version; a statement that you believe in good faith the use is not authorised; a statement that the information is accurate and that you are the owner or authorised to act for the owner; and your signature (typing your full name is enough).',
        ],
      },
      {
        heading: 'What happens next',
        paragraphs: [
          'The staff review the claim and, when it is complete, remove or disable access to the content and tell the uploader, including the details of the claim.',
        ],
      },
      {
        heading: 'Counter-notice',
        paragraphs: [
          'If your content was removed by mistake or misidentification, you can send a counter-notice with your contact details, the removed content, a statement under penalty of perjury that you believe it was removed by mistake, and your consent to the jurisdiction of the courts where you live. Unless the claimant starts legal action within 14 days, the content may be restored.',
        ],
      },
      { heading: 'Repeat infringers', paragraphs: ['Accounts that repeatedly infringe copyright are closed.'] },
    ],
  },
  security: {
    title: 'Security notice',
    updated: UPDATED,
    sections: [
      {
        heading: 'Reporting a vulnerability',
        paragraphs: [
          'If you find a security problem in Modshelf, report it privately to the staff (through the community link, asking for a private channel) with the steps to reproduce it. Please do not disclose it publicly, access other people\u2019s data, or degrade the service while testing.',
        ],
      },
      {
        heading: 'What we promise',
        paragraphs: [
          'We confirm receipt within a few days, keep you informed while we fix the problem, and credit you when it is fixed if you wish. We will not take action against good-faith research that follows this notice.',
        ],
      },
      {
        heading: 'Keeping your account safe',
        paragraphs: [
          'Use a unique password and turn on two-factor authentication in the account settings. Give personal access tokens only the scopes they need and an expiry date, and delete tokens you no longer use. Staff never ask for your password.',
        ],
      },
      {
        heading: 'Malicious add-ons',
        paragraphs: [
          'If an add-on behaves suspiciously, report it with the reason "malicious". Staff can withhold it from the catalogue at once while it is investigated.',
        ],
      },
    ],
  },
};
