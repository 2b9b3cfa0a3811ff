import type { TextPerLang } from '@ex/contract';
import { Form, Input } from 'antd';
import { EditTextsModal } from './EditTextsModal.tsx';
import { type TextLangFields, TextLangTabs, toTexts } from './TextLangTabs.tsx';

interface Values {
  name: string;
  name_i18n?: TextLangFields;
}

/** A product's name of record and its name per language (AI savings and staking, ADR 243). */
export interface NamedProduct {
  id: string;
  name: string;
  name_i18n?: TextPerLang | undefined;
}

/**
 * "Edit texts" of an AI savings or staking product: sends the name of record and the whole map
 * (an emptied tab leaves it, `{}` when none is left), which the update route stores as it is.
 */
export function ProductNameModal({
  product,
  open,
  onClose,
  afterClose,
  save,
}: {
  product: NamedProduct | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
  save: (id: string, body: { name: string; name_i18n: TextPerLang }) => Promise<unknown>;
}) {
  return (
    <EditTextsModal<Values>
      title={product ? `Edit texts: ${product.name}` : 'Edit texts'}
      open={open}
      onClose={onClose}
      afterClose={afterClose}
      initialValues={product ? { name: product.name, name_i18n: { ...product.name_i18n } } : undefined}
      onSave={async (v) => {
        if (!product) return false;
        await save(product.id, { name: v.name.trim(), name_i18n: toTexts(v.name_i18n) ?? {} });
        return true;
      }}
    >
      <Form.Item
        name="name"
        label="Name (text of record)"
        extra="Shown where the reader's language has no name below."
        rules={[{ required: true, whitespace: true, max: 60 }]}
      >
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item label="Name per language" style={{ marginBottom: 0 }}>
        <TextLangTabs name="name_i18n" label="Name" max={60} />
      </Form.Item>
    </EditTextsModal>
  );
}
