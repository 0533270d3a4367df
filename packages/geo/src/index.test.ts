import { describe, expect, it } from 'vitest';
import { citiesAround, cityLabel, distanceMiles, findCity, nearestCity, searchCities, stateCodeOf } from './index';

describe('searchCities', () => {
  it('finds Dallas, TX first for "dall"', () => {
    const [first] = searchCities('dall');
    expect(cityLabel(first)).toBe('DALLAS, TX');
  });

  it('ranks by population and honours the limit', () => {
    const found = searchCities('spring', 5);
    expect(found).toHaveLength(5);
    for (let i = 1; i < found.length; i++) expect(found[i - 1].population).toBeGreaterThanOrEqual(found[i].population);
  });

  it('narrows by a ", ST" or " ST" state suffix', () => {
    for (const text of ['springfield, il', 'Springfield IL', 'SPRINGFIELD, Illinois']) {
      const found = searchCities(text);
      expect(found.length).toBeGreaterThan(0);
      expect(cityLabel(found[0])).toBe('SPRINGFIELD, IL');
      expect(found.every((c) => c.stateCode === 'IL')).toBe(true);
    }
  });

  it('keeps a half-typed state usable: "dallas, t" still finds Dallas TX', () => {
    expect(searchCities('dallas, t').map(cityLabel)).toContain('DALLAS, TX');
  });

  it('treats Saint and St alike', () => {
    expect(searchCities('st louis').map(cityLabel)).toContain('ST. LOUIS, MO');
    expect(searchCities('saint louis').map(cityLabel)).toContain('ST. LOUIS, MO');
    expect(searchCities('ft worth').map(cityLabel)).toContain('FORT WORTH, TX');
  });

  it('answers nothing for empty, one-letter or unknown-state text', () => {
    expect(searchCities('')).toEqual([]);
    expect(searchCities('d')).toEqual([]);
    expect(searchCities('  ')).toEqual([]);
    expect(searchCities('dallas, zz')).toEqual([]);
    expect(searchCities('%%%')).toEqual([]);
  });

  it('supports substring matching (the board behaviour)', () => {
    expect(searchCities('ESSEMER', 5, { substring: true }).map(cityLabel)).toContain('BESSEMER, AL');
  });
});

describe('findCity', () => {
  it('finds by name and state in any case', () => {
    expect(findCity('dallas', 'tx')).toMatchObject({ name: 'Dallas', stateCode: 'TX' });
    expect(findCity('Ontario', 'California')?.latitude).toBeCloseTo(34.06, 1);
    expect(findCity('Dallas', 'ZZ')).toBeUndefined();
    expect(findCity('Nowhereville', 'TX')).toBeUndefined();
  });
});

describe('citiesAround', () => {
  it('includes Naperville within 40 miles of Chicago, nearest first', () => {
    const chicago = findCity('Chicago', 'IL')!;
    const near = citiesAround(chicago.latitude, chicago.longitude, 40);
    expect(near.map(cityLabel)).toContain('NAPERVILLE, IL');
    expect(cityLabel(near[0])).toBe('CHICAGO, IL');
    for (const c of near) expect(distanceMiles(chicago, c)).toBeLessThanOrEqual(40.1);
    expect(near.map(cityLabel)).not.toContain('MILWAUKEE, WI');
    expect(citiesAround(chicago.latitude, chicago.longitude, 40, 3)).toHaveLength(3);
  });
});

describe('nearestCity', () => {
  it('names the city at a point, and nothing in the open sea', () => {
    expect(cityLabel(nearestCity(32.7831, -96.8067)!)).toBe('DALLAS, TX');
    expect(nearestCity(30, -140)).toBeUndefined();
  });
});

describe('distanceMiles', () => {
  it('Dallas to Houston is about 225 miles', () => {
    expect(distanceMiles(findCity('Dallas', 'TX')!, findCity('Houston', 'TX')!)).toBeGreaterThan(215);
    expect(distanceMiles(findCity('Dallas', 'TX')!, findCity('Houston', 'TX')!)).toBeLessThan(235);
  });
});

describe('stateCodeOf', () => {
  it('normalises the spellings the board mixes', () => {
    for (const s of ['CA', 'ca', 'California', 'CALIFORNIA', ' california ']) expect(stateCodeOf(s)).toBe('CA');
    expect(stateCodeOf('Xx')).toBeUndefined();
  });
});
