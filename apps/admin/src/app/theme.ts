import { type ThemeConfig, theme } from 'antd';

/** The tokens of /work/shared/DESIGN.md on antd's dark algorithm. */
export const tokens = {
  bg: '#0B0E11',
  surface: '#181A20',
  surface2: '#1E2329',
  line: '#2B3139',
  text: '#EAECEF',
  text2: '#848E9C',
  brand: '#F0B90B',
  onBrand: '#181A20',
  up: '#0ECB81',
  down: '#F6465D',
} as const;

export const themeConfig: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: tokens.brand,
    colorInfo: tokens.brand,
    colorSuccess: tokens.up,
    colorError: tokens.down,
    colorWarning: tokens.brand,
    colorLink: tokens.brand,
    colorBgBase: tokens.bg,
    colorBgLayout: tokens.bg,
    colorBgContainer: tokens.surface,
    colorBgElevated: tokens.surface2,
    colorBorder: tokens.line,
    colorBorderSecondary: tokens.line,
    colorText: tokens.text,
    colorTextSecondary: tokens.text2,
    borderRadius: 6,
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  },
  components: {
    Button: { primaryColor: tokens.onBrand, primaryShadow: 'none' },
    Layout: { bodyBg: tokens.bg, headerBg: tokens.surface, siderBg: tokens.surface, headerPadding: '0 24px' },
    Menu: {
      itemBg: tokens.surface,
      subMenuItemBg: tokens.surface,
      itemSelectedBg: 'rgba(240, 185, 11, 0.12)',
      itemSelectedColor: tokens.brand,
      itemColor: tokens.text2,
      itemHoverColor: tokens.text,
    },
    Table: { headerBg: tokens.surface2, rowHoverBg: tokens.surface2, borderColor: tokens.line },
    Input: { activeBorderColor: tokens.brand, hoverBorderColor: tokens.brand },
  },
};
