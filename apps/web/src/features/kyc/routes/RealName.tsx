import type { DocumentType, KycInfo, KycSubmitRequest } from '@ex/contract';
import { isValidationError } from '@ex/sdk';
import { Button, CheckList, Form, Popup, SearchBar, Selector, Skeleton, Steps } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill, DownOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { FieldInput } from '../../../components/FieldInput.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { useCountries, useKycInfo, useSubmitKyc } from '../api/kyc.ts';
import { ImageUpload } from '../components/ImageUpload.tsx';
import '../kyc.css';
import { formatDateTime } from '../../../lib/time.ts';
import { showToast } from '../../../lib/toast.ts';

const DETAIL_FIELDS = ['country', 'family_name', 'given_name', 'document_type', 'document_number'] as const;
const IMAGE_FIELDS = ['front_image', 'back_image', 'face_image'] as const;
type ImageField = (typeof IMAGE_FIELDS)[number];
const DOC_TYPES: DocumentType[] = ['id_card', 'passport', 'driver_license'];

interface Details {
  country: string;
  family_name: string;
  given_name: string;
  document_type: DocumentType;
  document_number: string;
}

export default function RealName() {
  const { t } = useTranslation();
  const info = useKycInfo();
  const [resubmit, setResubmit] = useState(false);
  const data = info.data;
  const showForm = data && (data.status === 'none' || (data.status === 'failed' && resubmit));
  return (
    <PageShell title={t('titles.realName')} fallback="/Setting">
      {!data ? (
        <div className="kyc">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      ) : showForm ? (
        <KycForm onDone={() => setResubmit(false)} />
      ) : (
        <KycStatus info={data} onResubmit={() => setResubmit(true)} />
      )}
    </PageShell>
  );
}

function KycStatus({ info, onResubmit }: { info: KycInfo; onResubmit: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const navigate = useNavigate();
  const status = info.status === 'none' ? 'under_audit' : info.status;
  const icon =
    status === 'passed' ? (
      <CheckCircleFill className="up" fontSize={48} />
    ) : status === 'failed' ? (
      <CloseCircleFill className="down" fontSize={48} />
    ) : (
      <ClockCircleFill className="warn-text" fontSize={48} />
    );
  return (
    <div className="kyc">
      <section className={`kyc-status kyc-status--${status}`} aria-live="polite">
        {icon}
        <h2 className="kyc-status__title">{t(`kyc.status.${status}`)}</h2>
        <p className="kyc-status__text">{t(`kyc.status.${status}Text`)}</p>
        {status === 'failed' && info.reason && (
          <div className="kyc-status__reason">
            <span className="muted">{t('kyc.status.reason')}</span>
            <span>{info.reason}</span>
          </div>
        )}
      </section>
      <dl className="kyc-facts">
        <div>
          <dt>{t('kyc.status.name')}</dt>
          <dd>
            {info.family_name} {info.given_name}
          </dd>
        </div>
        <div>
          <dt>{t('kyc.status.document')}</dt>
          <dd>
            {info.document_type ? t(`kyc.docTypes.${info.document_type}`) : ''}{' '}
            <span className="num">{info.document_number}</span>
          </dd>
        </div>
        <div>
          <dt>{t('kyc.status.submittedAt')}</dt>
          <dd className="num">{formatDateTime(info.submitted_at, lang)}</dd>
        </div>
        {info.reviewed_at !== null && (
          <div>
            <dt>{t('kyc.status.reviewedAt')}</dt>
            <dd className="num">{formatDateTime(info.reviewed_at, lang)}</dd>
          </div>
        )}
      </dl>
      {status === 'failed' && (
        <Button block color="primary" size="large" onClick={onResubmit}>
          {t('kyc.status.resubmit')}
        </Button>
      )}
      {status === 'passed' && (
        <Button block color="primary" size="large" onClick={() => navigate('/BankCard')}>
          {t('kyc.status.bindCard')}
        </Button>
      )}
    </div>
  );
}

function KycForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Details>();
  const [step, setStep] = useState(0);
  const [details, setDetails] = useState<Details>();
  const [images, setImages] = useState<Partial<Record<ImageField, string>>>({});
  const [imageErrors, setImageErrors] = useState<Partial<Record<ImageField, string>>>({});
  const [countryOpen, setCountryOpen] = useState(false);
  const docType = Form.useWatch('document_type', form) as DocumentType | undefined;
  const country = Form.useWatch('country', form) as string | undefined;
  const countries = useCountries().data ?? [];
  const countryName = countries.find((c) => c.code === country)?.name;
  const submit = useSubmitKyc();
  const passport = (details?.document_type ?? docType) === 'passport';
  const needed: ImageField[] = passport ? ['front_image', 'face_image'] : [...IMAGE_FIELDS];

  const toDocuments = (values: Details) => {
    setDetails(values);
    setStep(1);
  };

  const toReview = () => {
    const missing = Object.fromEntries(
      needed.filter((f) => !images[f]).map((f) => [f, t('kyc.form.imageRequired')]),
    );
    setImageErrors(missing);
    if (Object.keys(missing).length === 0) setStep(2);
  };

  const send = () => {
    if (!details || submit.isPending) return;
    const body: KycSubmitRequest = {
      ...details,
      family_name: details.family_name.trim(),
      given_name: details.given_name.trim(),
      document_number: details.document_number.trim(),
      front_image: images.front_image ?? '',
      face_image: images.face_image ?? '',
      ...(passport ? {} : { back_image: images.back_image ?? '' }),
    };
    submit.mutate(body, {
      onSuccess: () => {
        showToast(t('kyc.form.submitted'), 2000);
        onDone();
      },
      onError: (error) => {
        if (!isValidationError(error)) return;
        const fields = Object.keys(error.errors);
        if (fields.some((f) => (DETAIL_FIELDS as readonly string[]).includes(f))) setStep(0);
        else if (fields.some((f) => (IMAGE_FIELDS as readonly string[]).includes(f))) {
          setImageErrors(
            Object.fromEntries(
              Object.entries(error.errors).filter(([f]) => (IMAGE_FIELDS as readonly string[]).includes(f)),
            ),
          );
          setStep(1);
          return;
        }
        showServerErrors(form, error, DETAIL_FIELDS);
      },
    });
  };

  const setImage = (field: ImageField) => (path: string | undefined) => {
    setImages((prev) => ({ ...prev, [field]: path }));
    if (path) setImageErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  return (
    <div className="kyc">
      <Steps current={step} className="kyc-steps">
        <Steps.Step title={t('kyc.steps.details')} />
        <Steps.Step title={t('kyc.steps.documents')} />
        <Steps.Step title={t('kyc.steps.review')} />
      </Steps>

      <div hidden={step !== 0} className={step === 0 ? 'kyc-step' : undefined}>
        <p className="kyc-intro">{t('kyc.form.intro')}</p>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ document_type: 'id_card' }}
          onFinish={toDocuments}
          requiredMarkStyle="none"
          footer={
            <Button block type="submit" color="primary" size="large">
              {t('kyc.form.next')}
            </Button>
          }
        >
          <Form.Item
            name="country"
            label={t('kyc.form.country')}
            rules={[{ required: true, message: t('kyc.form.required') }]}
            onClick={() => setCountryOpen(true)}
            arrow={<DownOutline />}
          >
            <CountryValue name={countryName} placeholder={t('kyc.form.countryPlaceholder')} />
          </Form.Item>
          <Form.Item
            name="family_name"
            label={t('kyc.form.familyName')}
            rules={[{ required: true, whitespace: true, message: t('kyc.form.required') }]}
          >
            <FieldInput
              placeholder={t('kyc.form.namePlaceholder')}
              maxLength={50}
              autoComplete="family-name"
            />
          </Form.Item>
          <Form.Item
            name="given_name"
            label={t('kyc.form.givenName')}
            rules={[{ required: true, whitespace: true, message: t('kyc.form.required') }]}
          >
            <FieldInput
              placeholder={t('kyc.form.namePlaceholder')}
              maxLength={50}
              autoComplete="given-name"
            />
          </Form.Item>
          <Form.Item name="document_type" label={t('kyc.form.documentType')}>
            <DocTypeSelector />
          </Form.Item>
          <Form.Item
            name="document_number"
            label={t('kyc.form.documentNumber')}
            rules={[{ required: true, whitespace: true, message: t('kyc.form.required') }]}
          >
            <FieldInput
              placeholder={t('kyc.form.documentNumberPlaceholder')}
              maxLength={32}
              autoComplete="off"
            />
          </Form.Item>
        </Form>
      </div>

      {step === 1 && (
        <div className="kyc-step">
          <p className="kyc-intro">{t('kyc.form.uploadHint')}</p>
          <div className="kyc-uploads">
            <ImageUpload
              label={passport ? t('kyc.form.passportPage') : t('kyc.form.front')}
              value={images.front_image}
              onChange={setImage('front_image')}
              error={imageErrors.front_image}
            />
            {!passport && (
              <ImageUpload
                label={t('kyc.form.back')}
                value={images.back_image}
                onChange={setImage('back_image')}
                error={imageErrors.back_image}
              />
            )}
            <ImageUpload
              label={t('kyc.form.face')}
              value={images.face_image}
              onChange={setImage('face_image')}
              error={imageErrors.face_image}
            />
          </div>
          <div className="kyc-actions">
            <Button size="large" onClick={() => setStep(0)}>
              {t('kyc.form.back_')}
            </Button>
            <Button color="primary" size="large" onClick={toReview}>
              {t('kyc.form.next')}
            </Button>
          </div>
        </div>
      )}

      {step === 2 && details && (
        <div className="kyc-step">
          <h2 className="kyc-review__title">{t('kyc.form.confirmTitle')}</h2>
          <dl className="kyc-facts">
            <div>
              <dt>{t('kyc.form.country')}</dt>
              <dd>{countryName ?? details.country}</dd>
            </div>
            <div>
              <dt>{t('kyc.form.familyName')}</dt>
              <dd>{details.family_name}</dd>
            </div>
            <div>
              <dt>{t('kyc.form.givenName')}</dt>
              <dd>{details.given_name}</dd>
            </div>
            <div>
              <dt>{t('kyc.form.documentType')}</dt>
              <dd>{t(`kyc.docTypes.${details.document_type}`)}</dd>
            </div>
            <div>
              <dt>{t('kyc.form.documentNumber')}</dt>
              <dd className="num">{details.document_number}</dd>
            </div>
          </dl>
          <p className="kyc-intro">{t('kyc.form.confirmText')}</p>
          <div className="kyc-actions">
            <Button size="large" onClick={() => setStep(1)} disabled={submit.isPending}>
              {t('kyc.form.back_')}
            </Button>
            <Button color="primary" size="large" loading={submit.isPending} onClick={send}>
              {t('kyc.form.submit')}
            </Button>
          </div>
        </div>
      )}

      <CountryPicker
        open={countryOpen}
        onClose={() => setCountryOpen(false)}
        value={country}
        onPick={(code) => {
          form.setFieldsValue({ country: code });
          void form.validateFields(['country']).catch(() => {});
          setCountryOpen(false);
        }}
      />
    </div>
  );
}

function CountryValue({
  name,
  placeholder,
}: {
  name: string | undefined;
  placeholder: string;
  value?: string;
}) {
  return name ? <span>{name}</span> : <span className="muted">{placeholder}</span>;
}

function DocTypeSelector({
  value,
  onChange,
}: {
  value?: DocumentType;
  onChange?: (v: DocumentType) => void;
}) {
  const { t } = useTranslation();
  return (
    <Selector<DocumentType>
      className="kyc-doc-types"
      columns={3}
      options={DOC_TYPES.map((d) => ({ label: t(`kyc.docTypes.${d}`), value: d }))}
      value={value ? [value] : []}
      onChange={(v) => {
        if (v[0]) onChange?.(v[0]);
      }}
    />
  );
}

function CountryPicker(props: {
  open: boolean;
  onClose: () => void;
  value: string | undefined;
  onPick: (code: string) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const countries = useCountries().data ?? [];
  const shown = useMemo(() => {
    const q = query.trim().toLocaleLowerCase();
    return q
      ? countries.filter((c) => c.name.toLocaleLowerCase().includes(q) || c.code.toLowerCase() === q)
      : countries;
  }, [countries, query]);
  return (
    <Popup
      visible={props.open}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, height: '70vh' }}
    >
      <div className="sheet kyc-country" role="dialog" aria-label={t('kyc.form.country')}>
        <div className="sheet__title">{t('kyc.form.country')}</div>
        <SearchBar placeholder={t('kyc.form.countrySearch')} value={query} onChange={setQuery} />
        <div className="kyc-country__list">
          <CheckList
            value={props.value ? [props.value] : []}
            onChange={(v) => v[0] && props.onPick(String(v[0]))}
          >
            {shown.map((c) => (
              <CheckList.Item key={c.code} value={c.code}>
                {c.name}
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      </div>
    </Popup>
  );
}
