import { TEXT } from '@haulboard/contract';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { Paper, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/** Spec §8 section fallback: one part of the app failed; the shell around it keeps working. */
export function SectionFallback() {
  return (
    <Paper variant="outlined" sx={{ p: 4, maxWidth: 640, mx: 'auto', mt: 4 }} role="alert">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <ReportProblemOutlinedIcon color="warning" fontSize="large" />
        <div>
          {TEXT.sectionFallback.map((line, i) => (
            <Typography key={line} variant={i === 0 ? 'h6' : 'body1'} gutterBottom>
              {line}
            </Typography>
          ))}
        </div>
      </Stack>
    </Paper>
  );
}

/** The router's error element for pages inside the shell: logs the error, shows the fallback. */
export function SectionRouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('A page failed', error);
  }, [error]);
  return <SectionFallback />;
}
