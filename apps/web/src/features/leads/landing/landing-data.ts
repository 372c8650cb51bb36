import { isRecord } from './api/http';
import { toReferralSettings, type ReferralPublicSettings } from './api/get-public-settings';

/**
 * What the server rendered the landing page with (issue 12 §1): the client hydrates with the same
 * values, read from a JSON data block (not a script: the page's CSP runs none inline).
 */
export interface LandingData {
  settings: ReferralPublicSettings;
  /** The footer's copyright year, so server and client render the same text. */
  year: number;
}

export const landingDataElementId = 'landing-data';

/** The data block's contents; null when the page was not rendered by the server or the block is unreadable. */
export function readLandingData(doc: Document = document): LandingData | null {
  const text = doc.getElementById(landingDataElementId)?.textContent;
  if (!text) return null;
  try {
    const data: unknown = JSON.parse(text);
    if (!isRecord(data) || !isRecord(data.settings) || typeof data.year !== 'number') return null;
    return { settings: toReferralSettings(data.settings), year: data.year };
  } catch {
    return null;
  }
}
