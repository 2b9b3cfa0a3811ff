import type { AdminPollCreate, AdminPollUpdate, Poll, PollList } from '@ex/contract';
import type { CallOptions, Client } from '../client.ts';

const id = (value: string) => encodeURIComponent(value);

/** Voting (ADR 083); `admin*` need the admin client. */
export function voteApi(client: Client) {
  return {
    polls: (opts?: CallOptions) => client.get<PollList>('/api/app/votes', undefined, opts),
    vote: (pollId: string, option: number, opts?: CallOptions) =>
      client.post<Poll>(`/api/app/votes/${id(pollId)}`, { option }, opts),
    adminPolls: (opts?: CallOptions) => client.get<PollList>('/api/admin/votes', undefined, opts),
    adminCreate: (body: AdminPollCreate, opts?: CallOptions) =>
      client.post<Poll>('/api/admin/votes', body, opts),
    /** A poll's texts and their maps, each map replaced whole (ADR 243); options and window stay. */
    adminUpdate: (pollId: string, body: AdminPollUpdate, opts?: CallOptions) =>
      client.post<Poll>(`/api/admin/votes/${id(pollId)}`, body, opts),
  };
}
