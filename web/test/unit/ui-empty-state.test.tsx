import { EMPTY_STATE_KINDS, EmptyState, EmptyStatePreset } from '../../src/components/ui/empty-state';
import { messagesByLocale, render, text } from '../support/render';

describe('EmptyState presets', () => {
  it('cover the six empty states of spec §8', () => {
    expect(EMPTY_STATE_KINDS).toEqual([
      'noTicketsSold',
      'noTicketOptions',
      'noEventsFound',
      'noItemsFound',
      'noCodesFound',
      'noItemsInCart',
    ]);
  });

  it.each([
    ['noTicketsSold', 'No tickets sold', 'Geen tickets verkocht'],
    ['noTicketOptions', 'No ticket options', 'Geen ticketopties'],
    ['noEventsFound', 'No events found', 'Geen evenementen gevonden'],
    ['noItemsFound', 'No items found', 'Geen items gevonden'],
    ['noCodesFound', 'No codes found', 'Geen codes gevonden'],
    ['noItemsInCart', 'No items in cart', 'Geen items in winkelwagen'],
  ] as const)('%s says "%s" / "%s" with an icon and a description', (kind, en, nl) => {
    const english = render('en', <EmptyStatePreset kind={kind} />);
    expect(english).toContain(`<h3 class="text-base font-semibold">${en}</h3>`);
    expect(text(english)).toContain(messagesByLocale.en.Ui.empty[kind].description);
    expect(english).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect(text(render('nl', <EmptyStatePreset kind={kind} />))).toContain(nl);
  });

  it('takes an action and a custom description', () => {
    const html = render(
      'en',
      <EmptyStatePreset
        kind="noCodesFound"
        description="Nothing matches “SUMMER”."
        action={<button type="button">Create code</button>}
      />,
    );
    expect(text(html)).toBe('No codes found Nothing matches “SUMMER”. Create code');
  });

  it('renders a plain empty state without an icon', () => {
    expect(text(render('en', <EmptyState title="Nothing here" />))).toBe('Nothing here');
  });
});
