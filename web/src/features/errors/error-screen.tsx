import { Button } from '../../components/ui/button';
import { SiteHeader } from '../../components/site-header';

export interface ErrorScreenProps {
  productTitle: string;
  homeHref: string;
  statusCode: number;
  statusMessage: string;
  /** Shown only when it says more than the status message. */
  message?: string;
  buttonLabel: string;
  /** Clears the error and goes home. */
  onHome(): void;
  /** False when the page already sits under the site header (errors below the layout). */
  withHeader?: boolean;
}

/**
 * The application-wide error page. It takes plain strings, not translations: it must render even when the
 * layout (and with it the translation provider) is what failed.
 */
export function ErrorScreen({
  productTitle,
  homeHref,
  statusCode,
  statusMessage,
  message,
  buttonLabel,
  onHome,
  withHeader = true,
}: ErrorScreenProps) {
  const showMessage = message && message.trim() !== '' && message !== statusMessage;
  return (
    <div className="bg-background text-foreground">
      {withHeader && <SiteHeader title={productTitle} homeHref={homeHref} />}
      <main className="mx-auto flex max-w-2xl flex-col gap-3 px-4 py-12" data-testid="error-page">
        <p className="text-5xl font-semibold text-muted-foreground" data-testid="error-status">
          {statusCode}
        </p>
        <h1 className="text-xl font-semibold">{statusMessage}</h1>
        {showMessage && <p className="text-muted-foreground">{message}</p>}
        <div className="pt-2">
          <Button onClick={onHome}>{buttonLabel}</Button>
        </div>
      </main>
    </div>
  );
}
