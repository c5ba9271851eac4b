import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { createRoot } from 'react-dom/client';
import { cssVariablesResolver, theme } from '@/config/theme';
import { Component as LoginRoute } from '@/app/routes/login';
createRoot(document.getElementById('root')!).render(
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light"><LoginRoute /></MantineProvider>,
);
