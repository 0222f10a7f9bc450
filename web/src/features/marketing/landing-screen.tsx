import type { ReactNode } from 'react';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { Separator } from '../../components/ui/separator';
import { CallToAction } from './call-to-action';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';
import { WaitlistSection } from './waitlist-section';

export interface LandingScreenProps {
  signUpHref: string;
  contactHref: string;
  /** The waitlist sign-up form, bound to the host's API. */
  waitlistForm: ReactNode;
  Link?: LinkComponent;
}

/** The public landing page: hero, features, pricing, call to action and the waitlist. */
export function LandingScreen({ signUpHref, contactHref, waitlistForm, Link = PlainLink }: LandingScreenProps) {
  return (
    <div className="flex flex-col">
      <HeroSection />
      <FeaturesSection />
      <Separator className="mx-auto max-w-5xl" />
      <PricingSection contactHref={contactHref} Link={Link} />
      <CallToAction signUpHref={signUpHref} contactHref={contactHref} Link={Link} />
      <WaitlistSection form={waitlistForm} />
    </div>
  );
}
