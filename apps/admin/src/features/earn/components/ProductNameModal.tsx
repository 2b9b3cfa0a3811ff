import type { TextPerLang } from '@ex/contract';
import { type FormRule, Input } from 'antd';
import { type Editing, EditTextsModal } from '../../../components/EditTextsModal.tsx';
import { type TextLangFields, TextOfRecordFields, toTexts } from '../../../components/TextLangTabs.tsx';

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

const NAME_RULES: FormRule[] = [{ required: true, whitespace: true, max: 60 }];

/** A product's name of record and its tabs per language, in the edit dialog and the create forms. */
export const ProductNameFields = ({ rules = NAME_RULES }: { rules?: FormRule[] }) => (
  <TextOfRecordFields
    name="name"
    label="Name"
    max={60}
    extra="Shown where the reader's language has no name below."
    rules={rules}
  >
    <Input maxLength={60} />
  </TextOfRecordFields>
);

/**
 * "Edit texts" of an AI savings or staking product: sends the name of record and the whole map
 * (an emptied tab leaves it, `{}` when none is left), which the update route stores as it is.
 */
export function ProductNameModal<P extends NamedProduct>({
  editing,
  save,
}: {
  editing: Editing<P>;
  save: (id: string, body: { name: string; name_i18n: TextPerLang }) => Promise<unknown>;
}) {
  const product = editing.row;
  return (
    <EditTextsModal<Values>
      title={product ? `Edit texts: ${product.name}` : 'Edit texts'}
      editing={editing}
      initialValues={product ? { name: product.name, name_i18n: { ...product.name_i18n } } : undefined}
      onSave={async (v) => {
        if (!product) return false;
        await save(product.id, { name: v.name.trim(), name_i18n: toTexts(v.name_i18n) ?? {} });
        return true;
      }}
    >
      <ProductNameFields />
    </EditTextsModal>
  );
}
