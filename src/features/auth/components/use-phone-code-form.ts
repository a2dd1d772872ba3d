import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useFieldErrors } from '#lib/use-field-errors';
import { defaultAreaCode } from '../area-codes';
import type { Tel } from './phone-fields';

/**
 * The state of a form on a phone number, the SMS code sent to it and a password (register, reset the
 * password): the phone starts on the language's country code.
 */
export function usePhoneCodeForm<F extends string>(fields: readonly F[]) {
  const { i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [tel, setTel] = useState<Tel>({ areaCode: defaultAreaCode(i18n.locale), phone: '' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const errors = useFieldErrors(fields);
  return { form, tel, setTel, code, setCode, password, setPassword, errors };
}
