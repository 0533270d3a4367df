import { checkUploadFile, IMPORT_FILES, replyText } from '@haulboard/contract';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { type DragEvent, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';

type TFileDropProps = {
  /** Called with a file that passed the size and type checks. */
  onFile: (file: File) => void;
  busy?: boolean;
  disabled?: boolean;
  /** E.g. 'Fuel-card export (EFS, Pilot, Comdata or any CSV / XLSX)'. */
  hint?: string;
};

const ACCEPT = IMPORT_FILES.accept.join(',');

/** Choose a file or drop one here: CSV or XLSX up to the pipeline's limit; refused files say why. */
export function FileDrop({ onFile, busy = false, disabled = false, hint }: TFileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const id = useId();

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const problem = checkUploadFile(IMPORT_FILES, file);
    if (problem) toast.error(replyText(problem));
    else onFile(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled && !busy) take(event.dataTransfer.files);
  };

  return (
    <Box
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled && !busy) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      aria-describedby={`${id}-hint`}
      sx={{
        position: 'relative',
        border: '2px dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 1,
        p: 2,
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: 1.5,
        overflow: 'hidden',
      }}
    >
      <Button
        variant="contained"
        startIcon={<UploadFileOutlinedIcon />}
        onClick={() => input.current?.click()}
        disabled={disabled || busy}
        sx={{ flexShrink: 0 }}
      >
        Choose file
      </Button>
      <Typography id={`${id}-hint`} variant="body2" color="text.secondary">
        {busy ? 'Reading the file…' : `or drop it here. ${hint ?? ''} CSV or XLSX, up to 25 MB.`}
      </Typography>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        aria-label="File to import"
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
      {busy && <LinearProgress aria-label="Reading the file" sx={{ position: 'absolute', left: 0, right: 0, bottom: 0 }} />}
    </Box>
  );
}
