import { z } from 'zod';
import { Form, FormField, idForName, useFieldRules, useZodForm } from '../../src/components/ui/form';
import { Input } from '../../src/components/ui/input';
import { attributesOf, labelFor, render, text } from '../support/render';

const schema = z.object({ name: z.string(), email: z.string() });
type Values = z.input<typeof schema>;

/** A form rendered with errors already set, as after a submit (the server render cannot click). */
function EventForm({ errors }: { errors?: Record<string, { type: string; message: string }> }) {
  const form = useZodForm(schema, { defaultValues: { name: 'Summer fair', email: '' }, errors });
  return (
    <Form form={form} onSubmit={() => {}} aria-label="Event">
      <FormField<Values> name="name" label="Name" description="Shown to guests">
        <Input />
      </FormField>
      <FormField<Values> name="email" label="Email">
        <Input type="email" />
      </FormField>
    </Form>
  );
}

describe('Form', () => {
  it('binds each control to its field, labelled, with its value', () => {
    const html = render('en', <EventForm />);
    expect(html).toMatch(/<form[^>]*noValidate=""/);
    expect(labelFor(html, 'name')).toBe('Name');
    expect(attributesOf(html, 'name')).toMatchObject({
      name: 'name',
      value: 'Summer fair',
      'aria-describedby': 'name-hint',
    });
    expect(attributesOf(html, 'email')).toMatchObject({ name: 'email', type: 'email', value: '' });
    expect(html).not.toContain('role="alert"');
  });

  it('shows each field message under its field, announced with it', () => {
    const html = render('en', <EventForm errors={{ email: { type: 'custom', message: 'Email is required' } }} />);
    expect(html).toContain(
      '<p id="email-error" class="text-sm text-destructive" data-testid="email-error">Email is required</p>',
    );
    expect(attributesOf(html, 'email')).toMatchObject({ 'aria-invalid': 'true', 'aria-describedby': 'email-error' });
    expect(attributesOf(html, 'name')['aria-invalid']).toBeUndefined();
  });

  it('shows a message for the whole form in an alert', () => {
    const html = render(
      'en',
      <EventForm errors={{ root: { type: 'server', message: 'The service is unavailable.' } }} />,
    );
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain('The service is unavailable.');
  });

  it('makes ids from dotted names', () => {
    expect(idForName('items.0.name')).toBe('items-0-name');
  });
});

describe('useFieldRules', () => {
  function Probe() {
    const rules = useFieldRules();
    const result = rules('Naam').text({ required: true }).safeParse('');
    return <p>{result.success ? 'ok' : result.error.issues[0]?.message}</p>;
  }

  it('says the rules in the current locale', () => {
    expect(text(render('nl', <Probe />))).toBe('Naam is verplicht');
    expect(text(render('en', <Probe />))).toBe('Naam is required');
  });
});
