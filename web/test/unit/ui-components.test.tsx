import { Avatar } from '../../src/components/ui/avatar';
import { Badge } from '../../src/components/ui/badge';
import { Button, buttonVariants } from '../../src/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../src/components/ui/card';
import { commandMenuShortcutLabel, isCommandMenuShortcut } from '../../src/components/ui/command-shortcut';
import { Field, fieldIds } from '../../src/components/ui/field';
import { FormAlert } from '../../src/components/ui/form-alert';
import { initialsOf } from '../../src/components/ui/initials';
import { Input } from '../../src/components/ui/input';
import { LinkTabs } from '../../src/components/ui/link-tabs';
import { Separator } from '../../src/components/ui/separator';
import { Skeleton } from '../../src/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../src/components/ui/tabs';
import { Textarea } from '../../src/components/ui/textarea';
import { attributesOf, labelFor, render, text } from '../support/render';

describe('Button', () => {
  it('has variants and sizes', () => {
    for (const variant of ['primary', 'secondary', 'outline', 'ghost', 'destructive', 'link'] as const) {
      expect(buttonVariants({ variant })).toContain('inline-flex');
    }
    expect(buttonVariants({ variant: 'destructive' })).toContain('bg-destructive');
    expect(buttonVariants({ size: 'icon' })).toContain('size-10');
    expect(render('en', <Button>Save</Button>)).toMatch(
      /^<button type="button" class="[^"]*bg-primary[^"]*">Save<\/button>$/,
    );
  });

  it('renders its child with the button look (asChild)', () => {
    const html = render(
      'en',
      <Button asChild variant="outline">
        <a href="/events">Events</a>
      </Button>,
    );
    expect(html).toMatch(/^<a href="\/events" class="[^"]*border-border[^"]*">Events<\/a>$/);
  });

  it('is disabled and busy while loading, with a spinner', () => {
    const html = render(
      'en',
      <Button loading type="submit">
        Saving
      </Button>,
    );
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*aria-busy="true"/);
    expect(html).toContain('data-testid="button-spinner"');
    expect(text(html)).toBe('Saving');
  });
});

describe('Field', () => {
  it('wires label, hint and error to the control', () => {
    const html = render(
      'en',
      <Field id="city" label="City" description="Where it happens" error="City is required">
        <Input />
      </Field>,
    );
    expect(labelFor(html, 'city')).toBe('City');
    expect(attributesOf(html, 'city')).toMatchObject({
      'aria-invalid': 'true',
      'aria-describedby': 'city-hint city-error',
    });
    expect(html).toContain(
      '<p id="city-error" class="text-sm text-destructive" data-testid="city-error">City is required</p>',
    );
  });

  it('leaves aria-invalid out without an error, and works with a textarea', () => {
    const html = render(
      'en',
      <Field id="about" label="About">
        <Textarea />
      </Field>,
    );
    expect(html).toMatch(/<textarea rows="4"[^>]*id="about"/);
    expect(html).not.toContain('aria-invalid=');
    expect(fieldIds('x', {})).toEqual({ descriptionId: undefined, errorId: undefined, describedBy: undefined });
  });
});

describe('FormAlert', () => {
  it('announces errors at once and notices politely', () => {
    expect(render('en', <FormAlert tone="error">Bad</FormAlert>)).toContain('role="alert"');
    expect(render('en', <FormAlert tone="notice">Sent</FormAlert>)).toContain('role="status"');
  });
});

describe('LinkTabs', () => {
  it('marks the tab of the current route', () => {
    const items = [
      { value: 'overview', href: '/o/org_1/events/evt_1', label: 'Overview' },
      { value: 'settings', href: '/o/org_1/events/evt_1/settings', label: 'Settings' },
    ];
    const html = render('en', <LinkTabs items={items} active="settings" aria-label="Event" />);
    expect(html).toContain('<nav aria-label="Event"');
    expect(html).toMatch(
      /<a href="\/o\/org_1\/events\/evt_1\/settings" class="[^"]*border-primary[^"]*" aria-current="page">Settings<\/a>/,
    );
    expect(html).toMatch(/<a href="\/o\/org_1\/events\/evt_1" class="[^"]*border-transparent[^"]*">Overview<\/a>/);
  });

  it('uses the host link component', () => {
    const Link = ({ href, children, ...rest }: { href: string; children: React.ReactNode; className?: string }) => (
      <a data-host-link="" href={`/nl${href}`} {...rest}>
        {children}
      </a>
    );
    expect(
      render(
        'en',
        <LinkTabs items={[{ value: 'a', href: '/a', label: 'A' }]} active="a" aria-label="Tabs" Link={Link} />,
      ),
    ).toContain('data-host-link="" href="/nl/a"');
  });
});

describe('Tabs', () => {
  it('renders radix tabs with roles', () => {
    const html = render(
      'en',
      <Tabs defaultValue="one">
        <TabsList>
          <TabsTrigger value="one">One</TabsTrigger>
          <TabsTrigger value="two">Two</TabsTrigger>
        </TabsList>
        <TabsContent value="one">First</TabsContent>
      </Tabs>,
    );
    expect(html).toContain('role="tablist"');
    expect(html).toMatch(/role="tab" aria-selected="true"[^>]*data-state="active"[^>]*>One</);
    expect(html).toContain('role="tabpanel"');
  });
});

describe('small parts', () => {
  it('render accessibly', () => {
    expect(render('en', <Skeleton className="h-4" />)).toContain('aria-hidden="true"');
    expect(render('en', <Separator />)).toContain('role="none"');
    expect(render('en', <Separator decorative={false} orientation="vertical" />)).toContain(
      'role="separator" aria-orientation="vertical"',
    );
    expect(render('en', <Badge tone="info">New</Badge>)).toContain('bg-info-muted');
    expect(
      text(
        render(
          'en',
          <Card>
            <CardHeader>
              <CardTitle>Sales</CardTitle>
            </CardHeader>
            <CardContent>12</CardContent>
          </Card>,
        ),
      ),
    ).toBe('Sales 12');
  });

  it('shows initials for a name and keeps the full name for screen readers', () => {
    expect(initialsOf('Jane van Dijk')).toBe('JD');
    expect(initialsOf('jane@example.com')).toBe('J');
    expect(initialsOf('  ')).toBe('?');
    const html = render('en', <Avatar name="Jane Doe" />);
    expect(text(html)).toBe('JD Jane Doe');
  });

  it('opens the command menu on ⌘K or Ctrl+K only', () => {
    expect(isCommandMenuShortcut({ key: 'k', metaKey: true, ctrlKey: false })).toBe(true);
    expect(isCommandMenuShortcut({ key: 'K', metaKey: false, ctrlKey: true })).toBe(true);
    expect(isCommandMenuShortcut({ key: 'k', metaKey: false, ctrlKey: false })).toBe(false);
    expect(isCommandMenuShortcut({ key: 'k', metaKey: true, ctrlKey: false, shiftKey: true })).toBe(false);
    expect(isCommandMenuShortcut({ key: 'j', metaKey: true, ctrlKey: false })).toBe(false);
    expect(commandMenuShortcutLabel('MacIntel')).toBe('⌘K');
    expect(commandMenuShortcutLabel('Win32')).toBe('Ctrl+K');
  });
});
