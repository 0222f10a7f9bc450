// POST /api/waitlist {email, locale} → puts the address on the waitlist once; a confirmation e-mail follows.
// The answer is the same whether or not the address was already on the list.
import { messages } from '@kassa/platform/errors';
import { NextResponse } from 'next/server';
import { handler, readJson } from '../../../server/handler';
import { publicFormsClient } from '../../../server/clients/public-forms-client';
import { checkBody, waitlistBody } from '../../../server/site/public-forms-validation';
import { clientIp } from '../../../server/request-context';

export const POST = handler(async (request, { config }) => {
  const body = checkBody(waitlistBody, await readJson(request));
  if (!body.ok) return NextResponse.json({ message: messages.genericForm, fields: body.fields }, { status: 400 });
  await publicFormsClient().joinWaitlist({ ...body.data, clientIp: clientIp(request, config) });
  return NextResponse.json({ ok: true });
});
