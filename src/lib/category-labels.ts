import { useLingui } from '@lingui/react/macro';
import type { WxCategory } from '#contract/catalogue';

/** The upstream category names (the filter values) and what the user reads. */
export function useCategoryLabels(): Record<WxCategory, string> {
  const { t } = useLingui();
  return {
    角色: t`Role-playing`,
    竞技: t`Competitive`,
    棋牌: t`Chess and cards`,
    动作: t`Action`,
    休闲: t`Casual`,
    其他: t`Other`,
  };
}
