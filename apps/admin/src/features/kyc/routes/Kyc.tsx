import type { AdminKycItem, KycReviewStatus } from '@ex/contract';
import { Descriptions, Image, Space, type TableColumnsType, Tag, Typography } from 'antd';
import type { ReviewSpec } from '../../../components/review-table/ReviewDrawer.tsx';
import {
  type ListQuery,
  type ReviewFilter,
  ReviewTable,
} from '../../../components/review-table/ReviewTable.tsx';
import { agoCell } from '../../../components/table-cells.tsx';
import { UserLink } from '../../../components/UserLink.tsx';
import { dateTime } from '../../../lib/format.ts';
import { useKycApplications, useKycImage, useReviewKyc } from '../api/kyc.ts';

const STATUSES: KycReviewStatus[] = ['under_audit', 'passed', 'failed'];
const STATUS_LABEL: Record<KycReviewStatus, string> = {
  under_audit: 'Under review',
  passed: 'Passed',
  failed: 'Failed',
};
const DOC_LABEL: Record<AdminKycItem['document_type'], string> = {
  id_card: 'ID card',
  passport: 'Passport',
  driver_license: 'Driver licence',
};

export const StatusTag = ({ status }: { status: KycReviewStatus }) => (
  <Tag color={status === 'passed' ? 'green' : status === 'failed' ? 'red' : 'gold'}>
    {STATUS_LABEL[status]}
  </Tag>
);

// With the Review column 990 px: inside the card at 1280 px even beside a page scrollbar, so the
// pinned Review column covers no status (ADR 239).
const columns = (now: number): TableColumnsType<AdminKycItem> => [
  {
    title: 'Submitted',
    dataIndex: 'submitted_at',
    width: 120,
    render: agoCell(now),
  },
  { title: 'Account', dataIndex: 'account', width: 190, ellipsis: true },
  {
    title: 'Name',
    width: 170,
    ellipsis: true,
    render: (_: unknown, row) => `${row.family_name} ${row.given_name}`,
  },
  { title: 'Country', dataIndex: 'country', width: 80 },
  {
    title: 'Document',
    width: 200,
    render: (_: unknown, row) => (
      <span>
        {DOC_LABEL[row.document_type]} <Typography.Text code>{row.document_number}</Typography.Text>
      </span>
    ),
  },
  {
    title: 'Status',
    dataIndex: 'status',
    width: 130,
    render: (s: KycReviewStatus) => <StatusTag status={s} />,
  },
];

/** One document image, loaded through the authenticated admin endpoint (never a plain src URL). */
function DocumentImage({ url, label, alt }: { url: string; label: string; alt: string }) {
  const { src, failed } = useKycImage(url);
  return (
    <figure style={{ margin: 0 }}>
      {src ? (
        <Image src={src} alt={alt} width={180} height={120} style={{ objectFit: 'cover', borderRadius: 6 }} />
      ) : (
        <div
          role="status"
          style={{
            width: 180,
            height: 120,
            borderRadius: 6,
            display: 'grid',
            placeItems: 'center',
            background: 'rgba(0, 0, 0, 0.04)',
            fontSize: 12,
            opacity: 0.7,
          }}
        >
          {failed ? 'Image unavailable' : 'Loading…'}
        </div>
      )}
      <figcaption style={{ fontSize: 12, opacity: 0.7 }}>{label}</figcaption>
    </figure>
  );
}

/** The drawer's content: the three document images and the submitted fields. */
function Details({ row }: { row: AdminKycItem }) {
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Image.PreviewGroup>
        <Space wrap size="middle" aria-label="Document images">
          {(
            [
              ['Front', row.front_url],
              ['Back', row.back_url],
              ['Face', row.face_url],
            ] as const
          ).map(([label, url]) =>
            url ? (
              <DocumentImage
                key={label}
                url={url}
                label={label}
                alt={`${label} of ${row.family_name} ${row.given_name}`}
              />
            ) : null,
          )}
        </Space>
      </Image.PreviewGroup>
      <Descriptions size="small" column={1} bordered styles={{ label: { width: 160 } }}>
        <Descriptions.Item label="Account">{row.account}</Descriptions.Item>
        <Descriptions.Item label="User id">
          <UserLink id={row.user_id} />
        </Descriptions.Item>
        <Descriptions.Item label="Family name">{row.family_name}</Descriptions.Item>
        <Descriptions.Item label="Given name">{row.given_name}</Descriptions.Item>
        <Descriptions.Item label="Country">{row.country}</Descriptions.Item>
        <Descriptions.Item label="Document">{DOC_LABEL[row.document_type]}</Descriptions.Item>
        <Descriptions.Item label="Number">
          <Typography.Text copyable code>
            {row.document_number}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="Submitted">{dateTime(row.submitted_at)}</Descriptions.Item>
        {row.reviewed_at !== null && (
          <Descriptions.Item label="Reviewed">{dateTime(row.reviewed_at)}</Descriptions.Item>
        )}
        {row.reason && <Descriptions.Item label="Reason">{row.reason}</Descriptions.Item>}
      </Descriptions>
    </Space>
  );
}

const FILTER: ReviewFilter<KycReviewStatus> = {
  param: 'status',
  options: STATUSES.map((s) => ({ label: STATUS_LABEL[s], value: s })),
  all: 'last',
  fallback: 'under_audit',
};

const useRows = ({ page, limit, filter }: ListQuery<KycReviewStatus>) =>
  useKycApplications(page, limit, filter);

export function Kyc() {
  const review: ReviewSpec<AdminKycItem, unknown> = {
    pending: (row) => row.status === 'under_audit',
    mutation: useReviewKyc(),
    drawer: {
      title: (row) => `Identity #${row.id}`,
      width: 640,
      tag: (row) => <StatusTag status={row.status} />,
      body: (row) => <Details row={row} />,
    },
    approve: {
      title: 'Approve this identity?',
      content: (row) =>
        `${row.family_name} ${row.given_name} (${row.account}) becomes verified and can bind bank cards and withdraw.`,
      okText: 'Approve',
      done: () => 'Approved',
    },
    reject: {
      title: 'Reject this identity',
      okText: 'Reject',
      maxLength: 200,
      placeholder: 'e.g. The photo is blurred',
      done: 'Rejected',
    },
  };
  return (
    <ReviewTable
      title="KYC"
      description="Identity verifications, newest first. Approving verifies the user; a rejection reason is shown to them."
      filter={FILTER}
      useRows={useRows}
      columns={columns}
      noun={['application', 'applications']}
      empty={{ error: 'Could not load the applications', none: 'No application here' }}
      review={review}
    />
  );
}
