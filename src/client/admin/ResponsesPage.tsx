import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

export default function ResponsesPage() {
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h4" component="h1">
        ResponsesPage
      </Typography>
    </Container>
  );
}
