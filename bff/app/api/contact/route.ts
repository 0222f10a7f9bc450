// POST /api/contact {name?, email, message, locale} → e-mails the message to the operators, Reply-To the visitor.
import { messages } from '@kassa/platform/errors';
import { NextResponse } from 'next/server';
import { handler, readJson } from '../../../server/handler';
import { publicFormsClient } from '../../../server/clients/public-forms-client';
import { checkBody, contactBody } from '../../../server/site/public-forms-validation';
import { clientIp } from '../../../server/request-context';

export const POST = handler(async (request, { config }) => {
  const body = checkBody(contactBody, await readJson(request));
  if (!body.ok) return NextResponse.json({ message: messages.genericForm, fields: body.fields }, { status: 400 });
  await publicFormsClient().sendContactMessage({ ...body.data, clientIp: clientIp(request, config) });
  return NextResponse.json({ ok: true });
});
