import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthForm } from '../../../../components/auth-form';
import { passSignedInVisitor } from '../../../../server/auth/dashboard-user';
import { listSocialProviders } from '../../../../server/clients/social-sign-in-client';
import { currentRequestMetadata } from '../../../../server/site/page-metadata';
import { ClientMessages } from '../../../../components/client-messages';
import { CLIENT_MESSAGES } from '../../../../server/site/client-messages';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ next?: string | string[] }> };

export async function generateMetadata({ params }: Pick<Props, 'params'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Auth' });
  return { ...(await currentRequestMetadata(locale)), title: t('signInTitle') };
}

export default async function SignInPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { next } = await searchParams;
  await passSignedInVisitor(locale, typeof next === 'string' ? next : undefined);
  const providers = await listSocialProviders();
  return (
    <ClientMessages namespaces={CLIENT_MESSAGES.signIn}>
      <AuthForm mode="sign-in" next={typeof next === 'string' ? next : undefined} providers={providers} />
    </ClientMessages>
  );
}
