import { DONATION_PLATFORMS } from '@modshelf/events';
import { invalidInput } from '@modshelf/contract';
import type { DonationInput } from '@modshelf/contract/v2';

/** The project inputs' schemas are the contract's (@modshelf/contract/v2); this maps what they parsed. */
export function toDonationUrls(input: DonationInput[]) {
  return input.map((d) => {
    const p = DONATION_PLATFORMS.find((x) => x.short === d.id);
    if (!p) throw invalidInput(`donation_urls: '${d.id}' is not a donation platform`);
    return { id: p.short, platform: d.platform ?? p.name, url: d.url };
  });
}
