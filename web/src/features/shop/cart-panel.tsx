'use client';
// The cart beside the item list: its lines, the donation choice, the discount code and what it all costs as
// ordering prices it (PriceCart, read-only), asked again whenever the cart changes; then the checkout form.
import { DISCOUNT_CODE_MAX_LENGTH } from '@kassa/contracts/discount-code';
import { ShoppingCart, Tag, Trash2, X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { EmptyStatePreset } from '../../components/ui/empty-state';
import { FormAlert } from '../../components/ui/form-alert';
import { Input } from '../../components/ui/input';
import type { ApiResult } from '../../lib/api-result';
import type { CheckoutInput, CheckoutResult } from '../../lib/checkout';
import { cn } from '../../lib/cn';
import { currencyDigits, formatMinor, minorToInput, parseMoneyInput } from '../../lib/money-input';
import type { PriceCartInput, PriceQuoteView } from '../../lib/public-shop';
import { cartLines, ticketCount } from '../../lib/shop-cart';
import type { DonationView } from '../../lib/shop-model';
import { CheckoutForm } from '../checkout/checkout-form';
import { useShopCart } from './shop-cart';

export interface CartPanelItem {
  id: string;
  name: string;
  priceMinor: number;
}

export interface CartPanelProps {
  currency: string;
  donation: DonationView;
  /** Every item of the shop, for names and list prices. */
  items: CartPanelItem[];
  priceCart: (input: PriceCartInput) => Promise<ApiResult<PriceQuoteView>>;
  /** Places the order (POST /api/shops/{shopId}/checkout). */
  checkout: (input: CheckoutInput) => Promise<ApiResult<CheckoutResult>>;
  /** The order is placed and the cart emptied: go to `result.redirectUrl`. */
  onCheckedOut: (result: CheckoutResult) => void;
}

/** Waits this long after the last change before asking for prices, so that clicking + five times asks once. */
const PRICE_DELAY_MS = 250;

type Quote = { key: string; quote: PriceQuoteView } | { key: string; error: string };

export function CartPanel({ currency, donation, items, priceCart, checkout, onCheckedOut }: CartPanelProps) {
  const t = useTranslations('PublicShop.cart');
  const locale = useLocale();
  const money = (minor: number) => formatMinor(minor, currency, locale);
  const { state, dispatch, hydrated, adjusted, itemOrder, forget } = useShopCart();
  // What the checkout's answer said about the cart's own fields, shown beside them until the next checkout.
  const [cartFieldErrors, setCartFieldErrors] = useState<Record<string, string>>({});
  const lines = cartLines(state, itemOrder);
  const count = ticketCount(state);
  const input: PriceCartInput = { lines, discountCode: state.discountCode, donationMinor: state.donationMinor };
  const key = JSON.stringify(input);
  const [priced, setPriced] = useState<Quote | null>(null);

  useEffect(() => {
    if (!hydrated || lines.length === 0) return;
    let current = true;
    const timer = setTimeout(() => {
      void priceCart(JSON.parse(key) as PriceCartInput).then((result) => {
        if (!current) return;
        if (result.ok) setPriced({ key, quote: result.data });
        else
          setPriced({
            key,
            error:
              Object.values(result.fields)[0] ?? (result.status === 400 || result.status === 404 ? result.message : ''),
          });
      });
    }, PRICE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `key` stands for the lines, code and donation (asked again only when one of them changes).
  }, [hydrated, key, priceCart]);

  const byId = new Map(items.map((item) => [item.id, item]));
  const fresh = priced?.key === key ? priced : null;
  const quote = fresh && 'quote' in fresh ? fresh.quote : priced && 'quote' in priced ? priced.quote : null;
  const updating = lines.length > 0 && !fresh;

  return (
    <section
      aria-labelledby="cart-title"
      className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
      data-testid="cart"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="cart-title" className="flex items-center gap-2 text-lg font-semibold">
          <ShoppingCart aria-hidden className="size-5 text-primary" />
          {t('title')}
        </h2>
        {count > 0 && <span className="text-sm text-muted-foreground">{t('tickets', { count })}</span>}
      </div>
      {adjusted && <FormAlert tone="notice">{t('adjusted')}</FormAlert>}

      {lines.length === 0 ? (
        <EmptyStatePreset kind="noItemsInCart" className="py-6" />
      ) : (
        <>
          <ul className="flex flex-col gap-2" data-testid="cart-lines">
            {lines.map((line) => {
              const item = byId.get(line.itemId);
              const name = item?.name ?? line.itemId;
              const pricedLine = quote?.lines.find(
                (candidate) => candidate.itemId === line.itemId && candidate.quantity === line.quantity,
              );
              const subtotal = pricedLine?.subtotalMinor ?? (item ? item.priceMinor * line.quantity : 0);
              const total = pricedLine?.totalMinor ?? subtotal;
              return (
                <li
                  key={line.itemId}
                  className="flex items-start justify-between gap-3 text-sm"
                  data-testid="cart-line"
                >
                  <span className="min-w-0 flex-1">{t('line', { quantity: line.quantity, item: name })}</span>
                  <span className="flex flex-col items-end tabular-nums">
                    {total !== subtotal && <s className="text-xs text-muted-foreground">{money(subtotal)}</s>}
                    <span>{money(total)}</span>
                  </span>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="-my-1 size-7"
                    aria-label={t('remove', { item: name })}
                    onClick={() => dispatch({ type: 'setQuantity', itemId: line.itemId, quantity: 0, max: 0 })}
                  >
                    <X aria-hidden />
                  </Button>
                </li>
              );
            })}
          </ul>

          {donation.enabled && (
            <DonationChoice currency={currency} donation={donation} error={cartFieldErrors.donationMinor} />
          )}
          <DiscountCodeField
            quote={fresh && 'quote' in fresh ? fresh.quote : null}
            error={cartFieldErrors.discountCode}
          />

          <dl
            className={cn(
              'flex flex-col gap-1 border-t border-border pt-3 text-sm transition-opacity',
              updating && 'opacity-60',
            )}
            aria-busy={updating}
            data-testid="cart-totals"
          >
            {quote && (
              <>
                <Row label={t('subtotal')} value={money(quote.subtotalMinor)} name="subtotal" />
                {quote.discountMinor > 0 && (
                  <Row
                    label={t('discount', { code: quote.discountCode })}
                    value={`−${money(quote.discountMinor)}`}
                    name="discount"
                  />
                )}
                {quote.donationMinor > 0 && (
                  <Row label={t('donation')} value={money(quote.donationMinor)} name="donation" />
                )}
                <Row label={t('fee')} value={money(quote.feeMinor)} name="fee" />
                <Row label={t('total')} value={money(quote.totalMinor)} name="total" strong />
              </>
            )}
            {updating && (
              <p className="text-xs text-muted-foreground" role="status">
                {t('updating')}
              </p>
            )}
          </dl>
          {fresh && 'error' in fresh && <FormAlert tone="error">{fresh.error || t('priceFailed')}</FormAlert>}

          <CheckoutForm
            items={lines}
            discountCode={state.discountCode}
            donationMinor={state.donationMinor}
            totalMinor={fresh && 'quote' in fresh ? fresh.quote.totalMinor : null}
            ready={hydrated}
            checkout={checkout}
            onCheckedOut={(result) => {
              // The order holds the tickets now; the cart would only order them a second time.
              forget();
              onCheckedOut(result);
            }}
            onCartFieldErrors={setCartFieldErrors}
          />
          <div className="flex flex-col gap-2">
            <Button
              variant="link"
              size="inline"
              className="self-start text-xs"
              onClick={() => dispatch({ type: 'clear' })}
            >
              <Trash2 aria-hidden />
              {t('clear')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function Row({ label, value, name, strong = false }: { label: string; value: string; name: string; strong?: boolean }) {
  return (
    <div
      className={cn('flex justify-between gap-3', strong && 'mt-1 text-base font-semibold')}
      data-testid={`cart-${name}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** Suggested amounts as toggle buttons, "No donation", and an amount of one's own when the shop allows it. */
function DonationChoice({ currency, donation, error }: { currency: string; donation: DonationView; error?: string }) {
  const t = useTranslations('PublicShop.donation');
  const locale = useLocale();
  const { state, dispatch } = useShopCart();
  const digits = currencyDigits(currency);
  const suggested = donation.suggestedAmountsMinor;
  const isCustom = state.donationMinor > 0 && !suggested.includes(state.donationMinor);
  const [customOpen, setCustomOpen] = useState(isCustom);
  const [text, setText] = useState(isCustom ? minorToInput(state.donationMinor, digits, locale) : '');
  const [invalid, setInvalid] = useState(false);
  const showCustom = donation.allowCustomAmount && (customOpen || isCustom);

  const choose = (amountMinor: number) => {
    setCustomOpen(false);
    setInvalid(false);
    dispatch({ type: 'setDonation', amountMinor });
  };
  const applyCustom = (value: string) => {
    setText(value);
    if (value.trim() === '') {
      setInvalid(false);
      dispatch({ type: 'setDonation', amountMinor: 0 });
      return;
    }
    const amount = parseMoneyInput(value, digits);
    setInvalid(amount === undefined);
    if (amount !== undefined) dispatch({ type: 'setDonation', amountMinor: amount });
  };

  return (
    <fieldset className="flex flex-col gap-2 border-t border-border pt-3" data-testid="donation">
      <legend className="float-left mb-1 text-sm font-medium">{t('title')}</legend>
      <p className="clear-left text-xs text-muted-foreground">{t('hint')}</p>
      <div className="flex flex-wrap gap-2">
        <Toggle pressed={state.donationMinor === 0 && !showCustom} onClick={() => choose(0)}>
          {t('none')}
        </Toggle>
        {suggested.map((amount) => (
          <Toggle key={amount} pressed={state.donationMinor === amount && !showCustom} onClick={() => choose(amount)}>
            {formatMinor(amount, currency, locale)}
          </Toggle>
        ))}
        {donation.allowCustomAmount && (
          <Toggle
            pressed={showCustom}
            onClick={() => {
              setCustomOpen(true);
              applyCustom(text);
            }}
          >
            {t('custom')}
          </Toggle>
        )}
      </div>
      {showCustom && (
        <div className="flex flex-col gap-1">
          <label htmlFor="donation-custom" className="text-xs font-medium">
            {t('customLabel', { currency })}
          </label>
          <Input
            id="donation-custom"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'donation-custom-error' : undefined}
            onChange={(event) => applyCustom(event.target.value)}
            className="h-9 max-w-40"
          />
          {invalid && (
            <p id="donation-custom-error" className="text-xs text-destructive">
              {t('customInvalid')}
            </p>
          )}
        </div>
      )}
      {error && (
        <p className="text-xs text-destructive" data-testid="donation-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function Toggle({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button variant={pressed ? 'primary' : 'outline'} size="sm" aria-pressed={pressed} onClick={onClick}>
      {children}
    </Button>
  );
}

/** The code field: Apply sends it with the cart; the verdict comes back with the prices. */
function DiscountCodeField({ quote, error }: { quote: PriceQuoteView | null; error?: string }) {
  const t = useTranslations('PublicShop.code');
  const { state, dispatch } = useShopCart();
  const [text, setText] = useState(state.discountCode);
  useEffect(() => setText(state.discountCode), [state.discountCode]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ type: 'applyCode', code: text });
  };
  const verdict = state.discountCode && quote ? quote.discountStatus : '';
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 border-t border-border pt-3" data-testid="discount-code">
      <label htmlFor="discount-code" className="text-sm font-medium">
        {t('label')}
      </label>
      <div className="flex gap-2">
        <Input
          id="discount-code"
          value={text}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={DISCOUNT_CODE_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={
            [verdict && 'discount-code-verdict', error && 'discount-code-error'].filter(Boolean).join(' ') || undefined
          }
          aria-invalid={(verdict !== '' && verdict !== 'applied') || Boolean(error) || undefined}
          className="h-9"
        />
        {state.discountCode && text.trim() === state.discountCode ? (
          <Button variant="outline" size="sm" className="h-9" onClick={() => dispatch({ type: 'removeCode' })}>
            {t('remove')}
          </Button>
        ) : (
          <Button type="submit" variant="secondary" size="sm" className="h-9" disabled={text.trim() === ''}>
            {t('apply')}
          </Button>
        )}
      </div>
      {verdict && (
        <p
          id="discount-code-verdict"
          role="status"
          data-testid="discount-verdict"
          data-verdict={verdict}
          className={cn(
            'flex items-center gap-1.5 text-sm',
            verdict === 'applied' ? 'text-success' : 'text-destructive',
          )}
        >
          <Tag aria-hidden className="size-4 shrink-0" />
          {t(`status.${verdict}`, { code: quote?.discountCode || state.discountCode })}
        </p>
      )}
      {error && (
        <p id="discount-code-error" className="text-sm text-destructive" data-testid="discount-code-error">
          {error}
        </p>
      )}
    </form>
  );
}
