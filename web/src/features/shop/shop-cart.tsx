'use client';
// The guest's cart on the public shop page: one state shared by the quantity pickers in the (server-rendered) item
// list and the cart panel, kept in localStorage per shop and checked against what the shop sells now on load.
import { Minus, Plus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
} from 'react';
import { Button } from '../../components/ui/button';
import {
  cartReducer,
  cartStorageKey,
  EMPTY_CART,
  parseStoredCart,
  reconcileCart,
  serializeCart,
  type CartAction,
  type CartState,
} from '../../lib/shop-cart';
import type { DonationView } from '../../lib/shop-model';

interface ShopCartContextValue {
  state: CartState;
  dispatch: Dispatch<CartAction>;
  /** False until the stored cart has been read: the server and the first client render show an empty cart. */
  hydrated: boolean;
  /** The stored cart had to be changed to fit what is available now. */
  adjusted: boolean;
  maxQuantities: Record<string, number>;
  itemOrder: readonly string[];
  /** Empties the cart and its stored copy at once (after checkout, before the page is left). */
  forget: () => void;
}

const ShopCartContext = createContext<ShopCartContextValue | null>(null);

export function useShopCart(): ShopCartContextValue {
  const value = useContext(ShopCartContext);
  if (!value) throw new Error('useShopCart needs a ShopCartProvider');
  return value;
}

export interface ShopCartProviderProps {
  shopId: string;
  /** Every item id in display order. */
  itemOrder: string[];
  /** Item id → the most one order may take now (0 when it cannot be bought). */
  maxQuantities: Record<string, number>;
  donation: DonationView;
  children: ReactNode;
}

const sameQuantities = (a: CartState, b: CartState) =>
  Object.keys(a.quantities).length === Object.keys(b.quantities).length &&
  Object.entries(a.quantities).every(([id, n]) => b.quantities[id] === n);

export function ShopCartProvider({ shopId, itemOrder, maxQuantities, donation, children }: ShopCartProviderProps) {
  const [state, dispatch] = useReducer(cartReducer, EMPTY_CART);
  const [hydrated, setHydrated] = useState(false);
  const [adjusted, setAdjusted] = useState(false);
  const limits = useRef({ maxQuantities, donation });
  limits.current = { maxQuantities, donation };
  const key = cartStorageKey(shopId);

  // Read once after the first render (localStorage does not exist on the server), and again when another tab changes it.
  useEffect(() => {
    const load = (text: string | null, first: boolean) => {
      const stored = parseStoredCart(text);
      const current = reconcileCart(stored, limits.current);
      if (first && !sameQuantities(stored, current)) setAdjusted(true);
      dispatch({ type: 'replace', state: current });
    };
    load(readStorage(key), true);
    setHydrated(true);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) load(event.newValue, false);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [key]);

  useEffect(() => {
    if (!hydrated) return;
    try {
      if (Object.keys(state.quantities).length === 0 && state.donationMinor === 0 && state.discountCode === '')
        window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, serializeCart(state));
    } catch {
      // Storage full or refused (private mode): the cart still works for this page view.
    }
  }, [hydrated, key, state]);

  const value = useMemo(() => {
    const forget = () => {
      // Removed right away rather than by the effect below: the guest is about to leave the page.
      try {
        window.localStorage.removeItem(key);
      } catch {
        // Storage refused: nothing was stored either.
      }
      dispatch({ type: 'clear' });
    };
    return { state, dispatch, hydrated, adjusted, maxQuantities, itemOrder, forget };
  }, [state, hydrated, adjusted, maxQuantities, itemOrder, key]);
  return <ShopCartContext.Provider value={value}>{children}</ShopCartContext.Provider>;
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** − [n] + for one item, within 0 and what one order may take now. */
export function QuantityPicker({ itemId, itemName }: { itemId: string; itemName: string }) {
  const t = useTranslations('PublicShop.quantity');
  const { state, dispatch, hydrated, maxQuantities } = useShopCart();
  const max = maxQuantities[itemId] ?? 0;
  const quantity = state.quantities[itemId] ?? 0;
  const set = (next: number) => dispatch({ type: 'setQuantity', itemId, quantity: next, max });
  const inputId = `quantity-${itemId}`;
  return (
    <div className="flex items-center gap-1" data-testid="quantity-picker">
      <Button
        variant="outline"
        size="icon"
        className="size-9"
        aria-label={t('decrease', { item: itemName })}
        disabled={!hydrated || quantity <= 0}
        onClick={() => set(quantity - 1)}
      >
        <Minus aria-hidden />
      </Button>
      <label htmlFor={inputId} className="sr-only">
        {t('label', { item: itemName })}
      </label>
      <input
        id={inputId}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        value={quantity}
        disabled={!hydrated}
        onChange={(event) => set(Number.parseInt(event.target.value || '0', 10))}
        className="h-9 w-12 rounded-md border border-input bg-background text-center text-base tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
      />
      <Button
        variant="outline"
        size="icon"
        className="size-9"
        aria-label={t('increase', { item: itemName })}
        disabled={!hydrated || quantity >= max}
        onClick={() => set(quantity + 1)}
      >
        <Plus aria-hidden />
      </Button>
    </div>
  );
}
