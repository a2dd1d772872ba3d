import { useLingui } from '@lingui/react/macro';
import { areaCodeOf } from '#contract/auth';
import type { FieldErrors } from '#lib/use-field-errors';
import { SelectField, TextField } from '#ui/form-fields';
import { areaCodeOptions } from '../area-codes';

/** A phone number as typed: the country/region code and the national number. */
export interface Tel {
  areaCode: string;
  phone: string;
}

interface PhoneFieldsProps {
  value: Tel;
  onChange: (value: Tel) => void;
  errors: Pick<FieldErrors<'areaCode' | 'phone'>, 'message' | 'clear'>;
}

/** The country/region code and the phone number; typing in one clears its error. */
export function PhoneFields({ value, onChange, errors }: PhoneFieldsProps) {
  const { t, i18n } = useLingui();
  return (
    <>
      <SelectField
        label={t`Country/region code`}
        name="areaCode"
        value={value.areaCode}
        onChange={(areaCode) => {
          onChange({ ...value, areaCode });
          errors.clear('areaCode');
        }}
        options={areaCodeOptions(i18n.locale)}
        error={errors.message('areaCode')}
        autoComplete="tel-country-code"
      />
      <TextField
        label={t`Phone number`}
        name="phone"
        type="tel"
        // The phone pad, not digits only: "+63 917 123 4567" is a number too.
        inputMode="tel"
        autoComplete="tel-national"
        value={value.phone}
        onChange={(event) => {
          const phone = event.target.value;
          // A number typed or pasted with its country code ("+82 10 ...") chooses that code; the form
          // sends the national number (contract/auth.ts).
          onChange({ areaCode: areaCodeOf(phone) ?? value.areaCode, phone });
          errors.clear('phone');
        }}
        error={errors.message('phone')}
      />
    </>
  );
}
