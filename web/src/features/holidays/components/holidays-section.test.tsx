import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/format';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { HolidayCountry, TeamHoliday, TeamHolidays, TeamHolidaysInput } from '../api/holidays';
import { HolidaysSection } from './holidays-section';

const YEAR = Number(todayIso().slice(0, 4));
const LIBRARY = 'holidays 0.109';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const countries: HolidayCountry[] = [
  {
    code: 'DE',
    name: 'Germany',
    regions: [
      { code: 'BY', name: 'Bavaria' },
      { code: 'BE', name: 'Berlin' },
    ],
  },
  { code: 'FR', name: 'France', regions: [] },
  { code: 'XK', name: 'XK', regions: [] },
];

const publicDays = (country: string | null, year: number): TeamHoliday[] =>
  country === 'FR'
    ? [{ date: `${year}-07-14`, name: 'Bastille Day', source: 'public' }]
    : country === 'DE'
      ? [
          { date: `${year}-01-01`, name: "New Year's Day", source: 'public' },
          { date: `${year}-12-25`, name: 'Christmas Day', source: 'public' },
        ]
      : [];

/** Serves each year's list (Germany, Bavaria to start with), applies each PUT as the API describes, and keeps the bodies. */
function holidaysServer(initial: Partial<TeamHolidays> = {}) {
  const puts: TeamHolidaysInput[] = [];
  const years: number[] = [];
  let current: TeamHolidays = { year: YEAR, country: 'DE', region: 'BY', holidays: publicDays('DE', YEAR), library: LIBRARY, ...initial };
  const stored = new Map<number, TeamHolidays>([[YEAR, current]]);
  server.use(
    http.get(api('/team/holidays/countries'), () => ok(countries)),
    http.get(api('/team/holidays'), ({ request }) => {
      const year = Number(new URL(request.url).searchParams.get('year'));
      years.push(year);
      return ok(stored.get(year) ?? { year, country: null, region: null, holidays: [], library: LIBRARY });
    }),
    http.put(api('/team/holidays'), async ({ request }) => {
      const body = (await request.json()) as TeamHolidaysInput;
      puts.push(body);
      const known = new Set(publicDays(body.country, body.year).map((day) => `${day.date}|${day.name}`));
      current = {
        year: body.year,
        country: body.country,
        region: body.region,
        holidays: body.holidays
          ? body.holidays.map(({ date = '', name = '' }) => ({ date, name: name ?? '', source: known.has(`${date}|${name}`) ? 'public' : 'company' }))
          : publicDays(body.country, body.year),
        library: LIBRARY,
      };
      stored.set(body.year, current);
      return ok(current);
    }),
  );
  return { puts, years };
}

const list = () => screen.findByRole('list', { name: `Holidays ${YEAR}` });
const names = async () =>
  within(await list())
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('public holidays (admins)', () => {
  it("shows the year's list with where each day comes from, the country and its regions", async () => {
    signIn();
    holidaysServer();
    renderWithProviders(<HolidaysSection />);
    expect(await names()).toEqual([expect.stringContaining("New Year's Day"), expect.stringContaining('Christmas Day')]);
    expect(within(await list()).getAllByText('Public holiday')).toHaveLength(2);
    const country = screen.getByLabelText('Country');
    expect(country).toHaveValue('DE');
    expect(
      within(country)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No country (company days off only)', 'France (FR)', 'Germany (DE)', 'XK']);
    expect(screen.getByLabelText('Region')).toHaveValue('BY');
    expect(screen.getByRole('heading', { level: 3, name: `${YEAR}: 2 days off · Germany, Bavaria` })).toBeInTheDocument();
    expect(screen.getByText(`Public holidays from ${LIBRARY}.`)).toBeInTheDocument();
  });

  it('uses the chosen country (and region) without a list, so the server puts its public holidays in', async () => {
    signIn();
    const { puts } = holidaysServer();
    const { user } = renderWithProviders(<HolidaysSection />);
    await list();
    await user.selectOptions(screen.getByLabelText('Country'), 'FR');
    expect(screen.queryByLabelText('Region')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use these holidays' }));
    await waitFor(() => expect(puts).toEqual([{ year: YEAR, country: 'FR', region: null }]));
    expect(await names()).toEqual([expect.stringContaining('Bastille Day')]);
    expect(await screen.findByText(`The public holidays of France for ${YEAR} are in use.`)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    await user.selectOptions(screen.getByLabelText('Region'), 'BE');
    await user.click(screen.getByRole('button', { name: 'Use these holidays' }));
    await waitFor(() => expect(puts.at(-1)).toEqual({ year: YEAR, country: 'DE', region: 'BE' }));
  });

  it('removes a day by sending the whole list without it', async () => {
    signIn();
    const { puts } = holidaysServer();
    const { user } = renderWithProviders(<HolidaysSection />);
    await list();
    await user.click(screen.getByRole('button', { name: `Remove Christmas Day (25/12/${YEAR})` }));
    await waitFor(() => expect(puts).toEqual([{ year: YEAR, country: 'DE', region: 'BY', holidays: [{ date: `${YEAR}-01-01`, name: "New Year's Day" }] }]));
    await waitFor(async () => expect(await names()).toHaveLength(1));
  });

  it('adds a company day off to the whole list, in date order', async () => {
    signIn();
    const { puts } = holidaysServer();
    const { user } = renderWithProviders(<HolidaysSection />);
    await list();
    const form = screen.getByRole('form', { name: 'Add a company day off' });
    await user.type(within(form).getByLabelText('Date'), `${YEAR}-06-19`);
    await user.type(within(form).getByLabelText('Name'), '  Summer party ');
    await user.click(within(form).getByRole('button', { name: 'Add day off' }));
    await waitFor(() =>
      expect(puts).toEqual([
        {
          year: YEAR,
          country: 'DE',
          region: 'BY',
          holidays: [
            { date: `${YEAR}-01-01`, name: "New Year's Day" },
            { date: `${YEAR}-06-19`, name: 'Summer party' },
            { date: `${YEAR}-12-25`, name: 'Christmas Day' },
          ],
        },
      ]),
    );
    const party = within(await list())
      .getByText('Summer party')
      .closest('li')!;
    expect(party).toHaveTextContent('Company day off');
    expect(within(form).getByLabelText('Name')).toHaveValue('');
    expect(within(form).getByLabelText('Date')).toHaveValue('');
  });

  it('checks the new day before sending it', async () => {
    signIn();
    const { puts } = holidaysServer();
    const { user } = renderWithProviders(<HolidaysSection />);
    await list();
    const form = screen.getByRole('form', { name: 'Add a company day off' });
    await user.click(within(form).getByRole('button', { name: 'Add day off' }));
    expect(within(form).getByText('Date is required.')).toBeInTheDocument();
    expect(within(form).getByText('Name is required.')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Date'), `${YEAR + 1}-01-02`);
    await user.type(within(form).getByLabelText('Name'), 'Christmas Day');
    await user.click(within(form).getByRole('button', { name: 'Add day off' }));
    expect(within(form).getByText(`Choose a date in ${YEAR}.`)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Date'));
    await user.type(within(form).getByLabelText('Date'), `${YEAR}-12-25`);
    await user.click(within(form).getByRole('button', { name: 'Add day off' }));
    expect(within(form).getByText('This date is already in the list: remove its day first.')).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it("shows the server's field messages where they belong", async () => {
    signIn();
    holidaysServer();
    server.use(http.put(api('/team/holidays'), () => fail(422, 'Unknown region.', { region: 'Unknown region.' })));
    const { user } = renderWithProviders(<HolidaysSection />);
    await list();
    await user.click(screen.getByRole('button', { name: 'Use these holidays' }));
    expect(await screen.findByText('Unknown region.')).toBeInTheDocument();
    expect(screen.getByLabelText('Region')).toHaveAttribute('aria-invalid', 'true');

    server.use(http.put(api('/team/holidays'), () => fail(422, 'A day off needs a name.', { 'holidays[1].name': 'A day off needs a name.' })));
    await user.click(screen.getByRole('button', { name: `Remove Christmas Day (25/12/${YEAR})` }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A day off needs a name.');
  });

  it('asks before replacing a list that has company days off', async () => {
    signIn();
    const { puts } = holidaysServer({ holidays: [...publicDays('DE', YEAR), { date: `${YEAR}-06-19`, name: 'Summer party', source: 'company' }] });
    const { user } = renderWithProviders(<HolidaysSection />);
    await list();
    await user.click(screen.getByRole('button', { name: 'Use these holidays' }));
    const question = await screen.findByRole('alertdialog', { name: `Replace the holidays of ${YEAR}?` });
    expect(question).toHaveTextContent('its company day off goes too');
    await user.click(within(question).getByRole('button', { name: 'No, keep them' }));
    expect(puts).toEqual([]);
  });

  it('shows another year', async () => {
    signIn();
    const { years } = holidaysServer();
    const { user } = renderWithProviders(<HolidaysSection />);
    await list();
    await user.click(screen.getByRole('button', { name: /^Next year/ }));
    expect(await screen.findByText(`No holidays in ${YEAR + 1}.`)).toBeInTheDocument();
    expect(years).toContain(YEAR + 1);
    expect(screen.getByLabelText('Country')).toHaveValue('');
    expect(screen.getByLabelText('Date')).toHaveAttribute('min', `${YEAR + 1}-01-01`);
  });
});
