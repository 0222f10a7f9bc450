'use client';
import { LogOut, Pencil, RotateCw, Search, Trash2, UserPlus, Users, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { DataTable, type ColumnDef } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { FormAlert } from '../../components/ui/form-alert';
import { controlClasses } from '../../components/ui/input';
import { StatusBadge } from '../../components/ui/status-badge';
import type { ApiResult } from '../../lib/api-result';
import { cn } from '../../lib/cn';
import {
  grantablePermissions,
  personName,
  type InvitationRow,
  type InviteInput,
  type MemberChanges,
  type MemberRow,
} from '../../lib/organisations';
import { MemberDialog } from './member-dialog';
import { usePresetLabel } from './permission-fields';
import { useFailureMessage, type ConflictMeaning } from './use-failure-message';
import { useFormatter } from '../../lib/formatter';

/** One line of the table: a member, or a pending invitation shown among them. */
export type MembersTableRow = { kind: 'member'; member: MemberRow } | { kind: 'invitation'; invitation: InvitationRow };

export interface MembersScreenProps {
  members: MemberRow[];
  invitations: InvitationRow[];
  /** The search the list was loaded with (?q=). */
  query: string;
  viewer: { memberId: string; permissions: string[] };
  /** Loads the list for another search (the host puts it in the URL). */
  search(query: string): void;
  invite(input: InviteInput): Promise<ApiResult<unknown>>;
  revokeInvitation(invitationId: string): Promise<ApiResult<unknown>>;
  updateMember(memberId: string, changes: MemberChanges): Promise<ApiResult<unknown>>;
  removeMember(memberId: string): Promise<ApiResult<unknown>>;
  /** After a change: the host reloads the list. */
  onChanged(): void;
  /** After the viewer left the organisation. */
  onLeft(): void;
}

/** Invitations first (they need attention), then members as identity sorts them. */
export function membersTableRows(members: MemberRow[], invitations: InvitationRow[]): MembersTableRow[] {
  return [
    ...invitations.map((invitation): MembersTableRow => ({ kind: 'invitation', invitation })),
    ...members.map((member): MembersTableRow => ({ kind: 'member', member })),
  ];
}

/** Settings › Members: search, the members and pending invitations, and what the viewer may do with each. */
export function MembersScreen(props: MembersScreenProps) {
  const { viewer, onChanged } = props;
  const t = useTranslations('Organisations.members');
  const tDialog = useTranslations('Organisations.memberDialog');
  const format = useFormatter();
  const presetLabel = usePresetLabel();
  const describeFailure = useFailureMessage();
  const [notice, setNotice] = useState<{ tone: 'error' | 'notice'; text: string }>();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<MemberRow>();
  const [query, setQuery] = useState(props.query);

  const canManage = viewer.permissions.includes('members');
  const isOwner = viewer.permissions.includes('owner');
  const grantable = grantablePermissions(viewer.permissions);
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' });

  /** Runs a row action, then says how it went at the top of the list. */
  const act = async (
    call: Promise<ApiResult<unknown>>,
    success: string,
    conflict: ConflictMeaning,
    after = onChanged,
  ) => {
    const result = await call;
    if (result.ok) {
      setNotice({ tone: 'notice', text: success });
      after();
    } else {
      setNotice({ tone: 'error', text: describeFailure(result, conflict) });
    }
  };

  const memberActions = (member: MemberRow) => {
    const self = member.id === viewer.memberId;
    const name = personName(member);
    // Changing or removing an owner is for owners (identity checks this as well).
    const mayChange = canManage && (isOwner || !member.permissions.includes('owner'));
    const actions: ReactNode[] = [];
    if (mayChange) {
      actions.push(
        <Button key="edit" variant="ghost" size="sm" onClick={() => setEditing(member)} data-testid="member-edit">
          <Pencil aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('edit')}</span>
        </Button>,
      );
    }
    if (self) {
      actions.push(
        <ConfirmDialog
          key="leave"
          trigger={
            <Button variant="ghost" size="sm" data-testid="member-leave">
              <LogOut aria-hidden />
              {t('leave')}
            </Button>
          }
          title={t('leaveTitle')}
          description={t('leaveDescription')}
          confirmLabel={t('leave')}
          cancelLabel={t('cancel')}
          onConfirm={() => act(props.removeMember(member.id), t('removed', { name }), 'lastOwner', props.onLeft)}
        />,
      );
    } else if (mayChange) {
      actions.push(
        <ConfirmDialog
          key="remove"
          trigger={
            <Button variant="ghost" size="sm" className="text-destructive" data-testid="member-remove">
              <Trash2 aria-hidden />
              <span className="sr-only">{t('remove')}</span>
            </Button>
          }
          title={t('removeTitle', { name })}
          description={t('removeDescription', { name })}
          confirmLabel={t('remove')}
          cancelLabel={t('cancel')}
          onConfirm={() => act(props.removeMember(member.id), t('removed', { name }), 'lastOwner')}
        />,
      );
    }
    return actions;
  };

  const invitationActions = (invitation: InvitationRow) => {
    if (!canManage) return [];
    const resend = () =>
      act(
        props.invite({
          email: invitation.email,
          firstName: invitation.firstName,
          lastName: invitation.lastName,
          permissions: invitation.permissions,
        }),
        t('resent', { email: invitation.email }),
        'alreadyMember',
      );
    return [
      <Button key="resend" variant="ghost" size="sm" onClick={() => void resend()} data-testid="invitation-resend">
        <RotateCw aria-hidden />
        <span className="sr-only sm:not-sr-only">{t('resend')}</span>
      </Button>,
      <ConfirmDialog
        key="revoke"
        trigger={
          <Button variant="ghost" size="sm" className="text-destructive" data-testid="invitation-revoke">
            <X aria-hidden />
            <span className="sr-only">{t('revoke')}</span>
          </Button>
        }
        title={t('revokeTitle')}
        description={t('revokeDescription', { email: invitation.email })}
        confirmLabel={t('revoke')}
        cancelLabel={t('cancel')}
        onConfirm={() =>
          act(props.revokeInvitation(invitation.id), t('revoked', { email: invitation.email }), 'server')
        }
      />,
    ];
  };

  const columns: ColumnDef<MembersTableRow, string>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      accessorFn: (row) => (row.kind === 'member' ? personName(row.member) : personName(row.invitation)),
      cell: ({ row, getValue }) => (
        <span className="flex flex-wrap items-center gap-2 font-medium">
          {getValue()}
          {row.original.kind === 'member' && row.original.member.id === viewer.memberId && (
            <Badge tone="info" data-testid="member-you">
              {t('you')}
            </Badge>
          )}
        </span>
      ),
    },
    {
      id: 'email',
      header: t('columns.email'),
      accessorFn: (row) => (row.kind === 'member' ? row.member.email : row.invitation.email),
    },
    {
      id: 'permissions',
      header: t('columns.permissions'),
      accessorFn: (row) => {
        const held = row.kind === 'member' ? row.member : row.invitation;
        return presetLabel(held.preset, held.permissions);
      },
      cell: ({ row, getValue }) => {
        const held = row.original.kind === 'member' ? row.original.member : row.original.invitation;
        return (
          <Badge
            tone="outline"
            title={t('permissionCount', { count: held.permissions.length })}
            data-testid="member-role"
          >
            {getValue()}
          </Badge>
        );
      },
    },
    {
      id: 'joined',
      header: t('columns.joined'),
      accessorFn: (row) => (row.kind === 'member' ? row.member.joinedAt : row.invitation.sentAt),
      cell: ({ row }) =>
        row.original.kind === 'member' ? (
          <span className="whitespace-nowrap text-muted-foreground">{date(row.original.member.joinedAt)}</span>
        ) : (
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={row.original.invitation.status} />
            <span className="whitespace-nowrap text-muted-foreground">
              {t('pending', { date: date(row.original.invitation.sentAt) })}
            </span>
          </span>
        ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('columns.actions')}</span>,
      enableSorting: false,
      cell: ({ row }) => {
        const actions =
          row.original.kind === 'member'
            ? memberActions(row.original.member)
            : invitationActions(row.original.invitation);
        return <div className="flex justify-end gap-1">{actions}</div>;
      },
    },
  ];

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    props.search(query.trim());
  };

  const rows = membersTableRows(props.members, props.invitations);
  return (
    <section className="flex flex-col gap-4" data-testid="members-screen">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold">{t('title')}</h2>
          <p className="text-sm text-muted-foreground">{t('intro')}</p>
        </div>
        {canManage && (
          <Button onClick={() => setInviting(true)} data-testid="invite-member">
            <UserPlus aria-hidden />
            {t('invite')}
          </Button>
        )}
      </div>
      <form role="search" className="flex max-w-md gap-2" onSubmit={submitSearch}>
        <label htmlFor="members-search" className="sr-only">
          {t('searchLabel')}
        </label>
        <div className="relative flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            id="members-search"
            name="q"
            type="search"
            value={query}
            placeholder={t('searchPlaceholder')}
            onChange={(event) => setQuery(event.target.value)}
            className={cn(controlClasses, 'h-9 pl-9 text-sm')}
          />
        </div>
        <Button type="submit" variant="outline" size="sm" className="h-9">
          {t('search')}
        </Button>
        {props.query && (
          <Button
            variant="ghost"
            size="sm"
            className="h-9"
            onClick={() => {
              setQuery('');
              props.search('');
            }}
          >
            {t('clearSearch')}
          </Button>
        )}
      </form>
      {notice && (
        <FormAlert tone={notice.tone} className="max-w-2xl">
          {notice.text}
        </FormAlert>
      )}
      <DataTable
        columns={columns}
        data={rows}
        getRowId={(row) => (row.kind === 'member' ? row.member.id : row.invitation.id)}
        searchable={false}
        caption={t('caption')}
        empty={
          <EmptyState
            icon={props.query ? Search : Users}
            title={t('noResultsTitle')}
            description={props.query ? t('noResultsDescription', { query: props.query }) : undefined}
          />
        }
      />
      {inviting && (
        <MemberDialog
          mode="invite"
          open
          onOpenChange={setInviting}
          grantable={grantable}
          submit={props.invite}
          onDone={(input) => {
            setNotice({ tone: 'notice', text: tDialog('invited', { email: input.email }) });
            onChanged();
          }}
        />
      )}
      {editing && (
        <MemberDialog
          key={editing.id}
          mode="edit"
          open
          onOpenChange={(open) => !open && setEditing(undefined)}
          initial={{
            email: editing.email,
            firstName: editing.firstName,
            lastName: editing.lastName,
            permissions: editing.permissions,
          }}
          name={personName(editing)}
          grantable={grantable}
          submit={(input) =>
            props.updateMember(editing.id, {
              firstName: input.firstName,
              lastName: input.lastName,
              permissions: input.permissions,
            })
          }
          onDone={() => {
            setNotice({ tone: 'notice', text: tDialog('edited', { name: personName(editing) }) });
            onChanged();
          }}
        />
      )}
    </section>
  );
}
