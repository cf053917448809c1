import { describe, expect, it } from 'vitest';
import { timeZoneValues, withCurrentZoneNames } from './locale-options';

describe('the time-zone list', () => {
  it('adds the current name of a zone listed only under its old one, once', () => {
    expect(withCurrentZoneNames(['Europe/Kiev', 'Asia/Calcutta', 'Asia/Kolkata', 'Europe/Paris'])).toEqual([
      'Asia/Calcutta',
      'Asia/Kolkata',
      'Europe/Kiev',
      'Europe/Kyiv',
      'Europe/Paris',
    ]);
  });

  it('offers Asia/Kolkata, Europe/Kyiv and Asia/Ho_Chi_Minh whatever this runtime lists, each once, UTC first', () => {
    const zones = timeZoneValues();
    expect(zones[0]).toBe('UTC');
    for (const name of ['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Ho_Chi_Minh', 'America/Argentina/Buenos_Aires']) {
      expect(zones.filter((z) => z === name)).toEqual([name]);
    }
    expect(new Set(zones).size).toBe(zones.length);
  });
});
